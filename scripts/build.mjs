// Bundles the three entry points into dist/. The bundler only bundles: type checking is `npm run typecheck`.
// Usage: node scripts/build.mjs [--outdir DIR]
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

export const buildOptions = {
  entryPoints: {
    index: 'src/action/main.ts',
    post: 'src/action/post.ts',
    cli: 'src/cli.ts',
  },
  bundle: true,
  // Shared code goes into chunks so that each entry loads only what it uses (the post step never loads
  // ajv or the planner): a faster cold start for every run of the action.
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The action runs on node24, the CLI on Node >= 20: emit what both understand.
  target: 'node20',
  mainFields: ['module', 'main'],
  conditions: ['node', 'import'],
  minify: true,
  keepNames: false,
  legalComments: 'none',
  charset: 'utf8',
  outdir: values.outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // Some CommonJS dependencies call require() for Node built-ins; ESM output needs a require to give them.
  banner: {
    js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  },
  // The PromQL type checker reads one function of the editor package; a stand-in keeps the editor (view,
  // DOM code) out of the bundle.
  alias: { '@codemirror/language': './src/promql/codemirror-language.ts' },
  logLevel: 'warning',
  metafile: true,
};

await rm(values.outdir, { recursive: true, force: true });
const result = await build(buildOptions);
const outputs = Object.entries(result.metafile.outputs)
  .map(([file, { bytes }]) => `${file}\t${(bytes / 1024).toFixed(1)} KiB`)
  .join('\n');
if (process.env.BUILD_VERBOSE) console.log(outputs);
