import { isMap, isScalar, parseAllDocuments } from 'yaml';
import { hasOurFields, isOurKind } from './our-document-marks.js';

/**
 * Whether a document of `text`, as the YAML parser reads it (broken or not), has a `kind` of ours (its key
 * in any case), a `kind` key whose value is not a string (a mapping, a list, a number, nothing): no one's
 * document says what it is that way, and passing it over would leave a broken document of ours unchecked;
 * or an empty or unknown `kind` beside the fields of one of ours (`kind: ""` over a rule's `condition`).
 */
export function parsedKindIsOurs(text: string): boolean {
  for (const doc of parseAllDocuments(text, { prettyErrors: false })) {
    if (!isMap(doc.contents)) continue;
    const fields = new Map<string, unknown>();
    let kind: unknown;
    let hasKind = false;
    for (const pair of doc.contents.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key !== 'string') continue;
      const value = isScalar(pair.value) ? pair.value.value : pair.value;
      fields.set(key, value);
      if (key.toLowerCase() === 'kind') {
        hasKind = true;
        kind = value;
      }
    }
    if (!hasKind) continue;
    if (typeof kind !== 'string' || isOurKind(kind) || hasOurFields(fields)) return true;
  }
  return false;
}
