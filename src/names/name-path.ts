import { plural } from '../core/plural.js';
import type { NameResult } from './types.js';

/**
 * A path of names, `shop/production/api`, into its parts, trimmed. `labels` names each expected part
 * (project, environment, service): a path with another number of parts, or an empty part, is an error that
 * says what was expected, and that names holding `/` go in the mapping form.
 */
export function parseNamePath(written: string, labels: readonly string[]): NameResult<readonly string[]> {
  const parts = written.split('/').map((part) => part.trim());
  const shape = labels.join('/');
  const mapping = `{${labels.map((label) => `${label}: …`).join(', ')}}`;
  if (parts.length !== labels.length) {
    return badReference(
      `"${written}" has ${plural(parts.length, 'part')}, expected ${labels.length} (${shape}). ` +
        `Write it as ${shape}, or in the mapping form ${mapping} when a name holds "/".`,
    );
  }
  const empty = parts.indexOf('');
  if (empty >= 0) {
    return badReference(
      `"${written}" has an empty ${labels[empty]} name: write it as ${shape}, each name non-empty.`,
    );
  }
  return { ok: true, value: parts };
}

/** The parts of a mapping form, `{project, environment, …}`, trimmed, with the same error for an empty one. */
export function namesOfMapping(
  mapping: Readonly<Record<string, string>>,
  labels: readonly string[],
): NameResult<readonly string[]> {
  const parts = labels.map((label) => (mapping[label] ?? '').trim());
  const empty = parts.indexOf('');
  if (empty >= 0) {
    return badReference(`The ${labels[empty]} name is empty: name the ${labels.join(', ')} each.`);
  }
  return { ok: true, value: parts };
}

function badReference(message: string): NameResult<never> {
  return { ok: false, error: { code: 'bad-reference', message, candidates: [] } };
}
