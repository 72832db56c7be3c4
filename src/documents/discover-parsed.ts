import { isMap, isScalar, parseAllDocuments } from 'yaml';
import { isOurKind } from './discover.js';

/** Whether a document of `text`, as the YAML parser reads it (broken or not), has a `kind` of ours. */
export function parsedKindIsOurs(text: string): boolean {
  for (const doc of parseAllDocuments(text, { prettyErrors: false })) {
    const kind = isMap(doc.contents) ? doc.contents.get('kind', true) : null;
    if (isScalar(kind) && typeof kind.value === 'string' && isOurKind(kind.value)) return true;
  }
  return false;
}
