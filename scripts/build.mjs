// Bundles the three entry points into dist/ (see bundle.mjs). The bundler only bundles: type checking is
// `npm run typecheck`.
// Usage: node scripts/build.mjs [--outdir DIR]
import { parseArgs } from 'node:util';
import { writeBundle } from './bundle.mjs';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

const outputs = await writeBundle(values.outdir);
if (process.env.BUILD_VERBOSE) {
  for (const [file, { bytes }] of Object.entries(outputs))
    console.log(`${file}\t${(bytes / 1024).toFixed(1)} KiB`);
}
