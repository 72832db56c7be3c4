/**
 * The words of a change's notes (src/kinds/change-kind.ts, `ChangeNote`) that the terminal and Markdown
 * share: what a generated rule does on a burn, and whether a receiver's secrets are sent or kept.
 */
import type { ObjectiveSource } from '../documents/types.js';
import type { ChangeNote } from '../kinds/change-kind.js';
import { escapeInline } from '../markdown/escape.js';

/** `pages on a burn over 1h and 5m`. */
export function burnWords(source: ObjectiveSource): string {
  return `${source.urgency === 'page' ? 'pages' : 'opens a ticket'} on a burn over ${source.pair.replace('-', ' and ')}`;
}

/** How a run is told to send the secrets again: a flag on the command line, an input in the action. */
const ROTATION = {
  text: '--rotate-secrets sends them',
  markdown: 'the action input `rotate-secrets: true` (or `--rotate-secrets` on the command line) sends them',
} as const;

/**
 * Whether the secrets are sent, in words. For Markdown the variable names are escaped here, since the
 * rotation hint around them is Markdown itself.
 */
export function secretsSentence(
  note: Extract<ChangeNote, { kind: 'secrets' }>,
  face: keyof typeof ROTATION,
): string {
  if (note.why === 'kept') {
    return `kept (sent as null; the service never returns them, so they cannot be compared: ${ROTATION[face]})`;
  }
  const text = face === 'markdown' ? (t: string) => escapeInline(t) : (t: string) => t;
  const named = text(note.sent.map((s) => `${s.field} from $${s.env}`).join(', '));
  if (note.why === 'create') return `will be sent (${named})`;
  return `will be sent (${named}; ${note.why === 'type changed' ? 'the type changed' : 'rotation asked'})`;
}
