/**
 * Validation time of the hostile shapes that were once quadratic, at 1×, 2× and 4× the size: the rate
 * (documents or keys per second) must stay about flat. Runs the whole load step (parseFiles).
 *   node hostile-input.js
 */
import { parseFiles } from '../src/documents/index.js';
import { duplicateIdDocuments, ISSUE_SIZES, manyKeysDocument } from '../test/helpers/adversarial-shapes.js';

const encoder = new TextEncoder();

function measure(shape: string, scale: number, units: number, files: { path: string; text: string }[]): void {
  const sources = files.map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
  const bytes = sources.reduce((sum, s) => sum + s.bytes.byteLength, 0);
  const started = performance.now();
  const result = parseFiles(sources);
  const ms = performance.now() - started;
  const perSecond = Math.round(units / (ms / 1000));
  console.log(
    JSON.stringify({
      shape,
      scale,
      units,
      bytes,
      ms: Math.round(ms),
      perSecond,
      findings: result.diagnostics.length,
    }),
  );
}

// 4,931 documents sharing one id per 1 MB file (the issue's file), in 1, 2 and 4 files.
const oneFile = duplicateIdDocuments(ISSUE_SIZES.duplicateIds);
for (const scale of [1, 2, 4]) {
  const files = Array.from({ length: scale }, (_, i) => ({ path: `rules-${i}.yaml`, text: oneFile }));
  measure('duplicate ids', scale, ISSUE_SIZES.duplicateIds * scale, files);
}
// Keys of one mapping; 4× is the issue's 143,000 keys (a larger mapping would pass the 1 MiB file limit).
for (const scale of [1, 2, 4]) {
  const keys = Math.round((ISSUE_SIZES.manyKeys / 4) * scale);
  measure('keys of one mapping', scale, keys, [{ path: 'keys.yaml', text: manyKeysDocument(keys) }]);
}
