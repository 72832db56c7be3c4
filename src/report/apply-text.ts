/** The apply results for a terminal: one line per write, its outcome, and a closing count. */

import { overwroteOutsideEdit } from '../apply/types.js';
import { printable } from '../core/printable.js';
import type { ChangeResult } from '../model/types.js';
import { value } from './change-text.js';
import { changeLabel } from './kind-words.js';
import { painter } from './paint.js';
import type { TextOptions } from './plan-text.js';

export function formatApplyResultsText(results: readonly ChangeResult[], options: TextOptions): string {
  const paint = painter(options.color);
  if (results.length === 0) return 'Apply: nothing to do.\n';
  const lines: string[] = [];
  for (const result of results) {
    const { change } = result;
    const id = result.id ? ` (${result.id})` : '';
    const where = `${printable(change.file)}:${change.line}`;
    const what = writtenWhat(result);
    if (!result.ok) {
      const status = result.status === null ? 'no answer' : `HTTP ${result.status}`;
      // A 2xx the client could not read: the service accepted the write, so "failed" alone would mislead.
      const outcome = result.notSent
        ? 'not sent'
        : result.storedDifferently?.length
          ? `stored differently (${status})`
          : result.status !== null && result.status >= 200 && result.status < 300
            ? `accepted, answer unreadable (${status})`
            : `failed (${status})`;
      lines.push(
        `  ${paint('31', '✗')} ${change.action} ${what}${id} ${outcome}  ${where}`,
        `      ${printable(result.error ?? 'the write failed')}`,
      );
      continue;
    }
    lines.push(`  ${paint('32', '✓')} ${pastTense(change.action)} ${what}${id}  ${where}`);
    if (result.note) lines.push(`      ${printable(result.note)}`);
    if (result.storedDifferently && result.storedDifferently.length > 0) {
      lines.push(
        `      the service stored differently: ${result.storedDifferently
          .map((d) => `${printable(d.path)} (sent ${value(d.before)}, stored ${value(d.after)})`)
          .join(', ')}`,
      );
    }
    const overwrote = overwroteOutsideEdit(result);
    if (overwrote.length > 0) {
      lines.push(
        `      ${paint('35', '!')} overwrote an edit made outside git: ${overwrote
          .map((d) => d.path)
          .join(', ')}`,
      );
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  lines.push('', paint('1', `Apply: ${results.length - failed} succeeded, ${failed} failed.`));
  return `${lines.join('\n')}\n`;
}

/** What a write changed, as a person reads it: a rule by its name, a receiver named as one. */
export function writtenWhat(result: ChangeResult): string {
  return printable(changeLabel(result.change));
}

function pastTense(action: ChangeResult['change']['action']): string {
  return action === 'create'
    ? 'created'
    : action === 'update'
      ? 'updated'
      : action === 'delete'
        ? 'deleted'
        : 'kept';
}
