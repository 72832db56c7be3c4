// Bundles the three entry points into dist/. The bundler only bundles: type checking is `npm run typecheck`.
// Usage: node scripts/build.mjs [--outdir DIR]
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from './build-options.mjs';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

const buildOptions = { ...BUILD_OPTIONS, outdir: values.outdir };

await rm(values.outdir, { recursive: true, force: true });
const result = await build(buildOptions);
const outputs = Object.entries(result.metafile.outputs)
  .map(([file, { bytes }]) => `${file}\t${(bytes / 1024).toFixed(1)} KiB`)
  .join('\n');
if (process.env.BUILD_VERBOSE) console.log(outputs);
