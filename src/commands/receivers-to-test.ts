/**
 * Which receivers a `receivers test` run sends a test message through: each name asked for, matched against
 * the organization's live receivers with the project's name rule (case-insensitive, trimmed, never a guess
 * between several). Pure: the live list is read elsewhere, and the names come from the command line, the
 * action's input or the repository's receiver documents alike.
 */
import { matchName, normalizeName } from '../names/name-match.js';
import type { ReceiverTest } from '../run/types.js';
import type { AlertReceiver } from '../service/types.js';

/** One name asked for: the receiver to test, or the failed test that says why there is none. */
export type ReceiverChoice =
  | { readonly kind: 'test'; readonly name: string; readonly receiver: AlertReceiver }
  | { readonly kind: 'unmatched'; readonly test: ReceiverTest };

/** In the order asked; a name asked twice is tested once. */
export function receiversToTest(
  organizationId: string,
  names: readonly string[],
  live: readonly AlertReceiver[],
): ReceiverChoice[] {
  const seen = new Set<string>();
  const choices: ReceiverChoice[] = [];
  for (const name of names) {
    const key = normalizeName(name);
    if (seen.has(key)) continue;
    seen.add(key);
    const match = matchName(name, live);
    if (match.kind === 'one') {
      choices.push({ kind: 'test', name: match.entry.name, receiver: match.entry });
      continue;
    }
    const detail =
      match.kind === 'several'
        ? `${match.matches.length} receivers have this name (${match.matches.map((r) => r.id).join(', ')}): rename one, nothing was sent`
        : `no receiver of organization ${organizationId} has this name${closest(match.closest)}; nothing was sent`;
    choices.push({
      kind: 'unmatched',
      test: { organizationId, name, receiverId: null, type: null, ok: false, detail },
    });
  }
  return choices;
}

function closest(receivers: readonly AlertReceiver[]): string {
  if (receivers.length === 0) return '';
  return ` (did you mean ${receivers.map((r) => JSON.stringify(r.name)).join(' or ')}?)`;
}
