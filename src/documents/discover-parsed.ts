import { isMap, isScalar, parseAllDocuments } from 'yaml';
import { isOurKind } from './discover.js';

/**
 * Whether a document of `text`, as the YAML parser reads it (broken or not), has a `kind` of ours, or a
 * `kind` key whose value is not a string (a mapping, a list, a number, nothing): no one's document says
 * what it is that way, and passing it over would leave a broken document of ours unchecked.
 */
export function parsedKindIsOurs(text: string): boolean {
  for (const doc of parseAllDocuments(text, { prettyErrors: false })) {
    if (!isMap(doc.contents) || !doc.contents.has('kind')) continue;
    const kind = doc.contents.get('kind', true);
    if (!isScalar(kind) || typeof kind.value !== 'string' || isOurKind(kind.value)) return true;
  }
  return false;
}
