import { readableText } from './encoding.js';
import { isOurKind } from './our-document-marks.js';

/**
 * `kind:` written at the start of a line, in block or flow style, quoted or not, in any case (`Kind:` and
 * `KIND:` are typos of ours, not someone else's key): found even when the file is not valid YAML, so that a
 * broken document of ours is reported rather than skipped.
 */
const KIND_LINE = /^(?:---[ \t]+)?\{?[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z0-9_.-]+)/gim;

/**
 * Whether a YAML file found in a directory is ours: one of its documents has a `kind` that is one of ours
 * or near enough to be a typo of one (`AlertRul`, `Kind: AlertRule`), a `kind` that is not a string
 * (`kind: {}`), which no one else's document has either, or an empty or unknown `kind` beside the fields
 * of one of ours (hasOurFields). Other files (docker-compose.yml, Kubernetes manifests, workflows) hold
 * someone else's documents and are none of this tool's business. A file that cannot be read as UTF-8
 * (UTF-16, NUL bytes, invalid bytes) cannot be told apart: it is taken as ours, and reported as unreadable,
 * rather than passed over unread. A file that held our documents at the base revision is read whatever it
 * holds now (readSourceFiles' `held`): that is decided by its history, not here.
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
