import type { ComponentResult } from '../components/types.js';
import { plural } from '../core/plural.js';
import { printable } from '../core/printable.js';

/**
 * The terminal view of component results: a count line, then one line per component the run resolved or
 * failed to resolve (skipped ones are only counted: on a pull request they are most of the repository).
 * It shows keys, statuses and counts, never a configuration value.
 */
export function formatComponentsText(
  results: readonly ComponentResult[],
  options: { color: boolean },
): string {
  if (results.length === 0) return '';
  const paint = painter(options.color);
  const shown = results.filter((r) => r.status !== 'skipped');
  const lines = [`Platform components: ${counts(results)}`];
  const width = Math.max(0, ...shown.map((r) => printable(r.componentKey).length));
  for (const result of shown) {
    const verdict = verdictOf(result);
    const where = `${printable(result.file)}:${result.line}`;
    const context = printable(
      `${result.templateKey} ${result.templateVersion}, ${result.clusterMode}/${result.cloudProvider}`,
    );
    const detail = printable(details(result));
    lines.push(
      `  ${paint(verdict.color, verdict.word.padEnd(7))} ${printable(result.componentKey).padEnd(width)}  ${context}  ${where}` +
        (detail ? `  ${detail}` : ''),
    );
  }
  return `${lines.join('\n')}\n`;
}

type Color = 'green' | 'yellow' | 'red';

function verdictOf(result: ComponentResult): { word: string; color: Color } {
  if (result.status === 'failed') return { word: 'failed', color: 'red' };
  if (result.violations > 0) return { word: 'invalid', color: 'red' };
  if (result.requirements.some((r) => r.status === 'MISSING')) return { word: 'missing', color: 'yellow' };
  return { word: 'ok', color: 'green' };
}

function details(result: ComponentResult): string {
  if (result.status === 'failed') return result.reason ?? '';
  const parts: string[] = [];
  if (result.violations > 0) parts.push(plural(result.violations, 'violation'));
  const missing = result.requirements.filter((r) => r.status === 'MISSING');
  if (missing.length > 0) {
    // Who must act: a cluster input belongs in the document, a profile field in the platform profile.
    const named = missing.map(
      (r) =>
        `${r.key} (${r.scope === 'CLUSTER' ? 'cluster input' : r.scope === 'PLATFORM_PROFILE' ? 'platform profile' : r.scope})`,
    );
    parts.push(`missing ${named.join(', ')}`);
  }
  return parts.join('; ');
}

function counts(results: readonly ComponentResult[]): string {
  const resolved = results.filter((r) => r.status === 'resolved').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  const parts = [`${resolved} resolved`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (skipped > 0) parts.push(`${skipped} skipped (unchanged)`);
  return parts.join(', ');
}

const ANSI: Readonly<Record<Color, string>> = {
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  red: '\u001b[31m',
};

function painter(color: boolean): (c: Color, text: string) => string {
  return color ? (c, text) => `${ANSI[c]}${text}\u001b[0m` : (_c, text) => text;
}
