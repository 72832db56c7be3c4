import { nearestName } from '../core/nearest-name.js';
import { DOCUMENT_KINDS } from './types.js';

/**
 * `kind:` written at the start of a line, in block or flow style, quoted or not: found even when the file
 * is not valid YAML, so that a broken document of ours is reported rather than skipped.
 */
const KIND_LINE = /^(?:---[ \t]+)?\{?[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z0-9_.-]+)/gm;

/**
 * Whether a YAML file found in a directory is ours: one of its documents has a `kind` that is one of ours
 * or near enough to be a typo of one (`AlertRul`). Other files (docker-compose.yml, Kubernetes manifests,
 * workflows) hold someone else's documents and are none of this tool's business.
 */
export async function holdsOurDocuments(bytes: Uint8Array): Promise<boolean> {
  // Not fatal: a file saved in another encoding with `kind: AlertRule` in it is still ours, and then
  // reported as not UTF-8.
  const text = new TextDecoder('utf-8').decode(bytes);
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
