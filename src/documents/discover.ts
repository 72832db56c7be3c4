import { nearestName } from '../core/nearest-name.js';
import { readableText } from './encoding.js';
import { DOCUMENT_KINDS } from './types.js';

/**
 * `kind:` written at the start of a line, in block or flow style, quoted or not: found even when the file
 * is not valid YAML, so that a broken document of ours is reported rather than skipped.
 */
const KIND_LINE = /^(?:---[ \t]+)?\{?[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z0-9_.-]+)/gm;

/**
 * Whether a YAML file found in a directory is ours: one of its documents has a `kind` that is one of ours
 * or near enough to be a typo of one (`AlertRul`), or a `kind` that is not a string (`kind: {}`), which no
 * one else's document has either. Other files (docker-compose.yml, Kubernetes manifests, workflows) hold
 * someone else's documents and are none of this tool's business. A file that cannot be read as UTF-8
 * (UTF-16, NUL bytes, invalid bytes) cannot be told apart: it is taken as ours, and reported as unreadable,
 * rather than passed over unread.
 */
export async function holdsOurDocuments(bytes: Uint8Array): Promise<boolean> {
  const text = readableText(bytes);
  if (text === null) return true;
  for (const match of text.matchAll(KIND_LINE)) {
    if (isOurKind(match[1]!)) return true;
  }
  if (!/kind/i.test(text)) return false;
  // Indented or otherwise unusual layouts: ask the parser, which also reads what it can of a broken file.
  // It loads only then: a run whose files are all plainly laid out, or that finds none, never loads it.
  return (await import('./discover-parsed.js')).parsedKindIsOurs(text);
}

export function isOurKind(kind: string): boolean {
  return nearestName(kind, DOCUMENT_KINDS) !== null;
}
