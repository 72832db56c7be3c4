// Builds dist/ in two passes, in memory. esbuild bundles the sources (TypeScript, CommonJS packages, the
// aliases, code splitting at each dynamic import); Rollup then groups esbuild's chunks into fewer files,
// and esbuild minifies each file. See docs/decisions/cold-start-and-apply-throughput.md: every module a
// run loads costs Node about half a millisecond of its own, and esbuild's splitting makes a chunk for
// every set of entry points and dynamic imports that share code (72 chunks, 38 of them loaded by an
// offline validation). Rollup knows what an importing chunk has already loaded and merges small chunks.
// Rollup writes CommonJS (dist/package.json says so): Node loads it without its ES module loader, which
// on Node 20 is about 10 ms of every start, and `require('node:fs')` does not load the fs/promises and
// stream modules that an ES import of node:fs does (its named exports are read eagerly).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { build, transform } from 'esbuild';
import { rollup } from 'rollup';
import { BUILD_OPTIONS, MIN_CHUNK_BYTES } from './build-options.mjs';

/**
 * The files of dist/ (path relative to `outdir` → text) and a description of them in the shape of
 * esbuild's metafile outputs (bytes, static and dynamic imports, the source files each holds), which
 * scripts/bundle-graph.mjs reads.
 */
export async function bundle(outdir, entryPoints = BUILD_OPTIONS.entryPoints) {
  const firstPass = await build({ ...BUILD_OPTIONS, entryPoints, outdir, write: false });
  const sources = new Map(firstPass.outputFiles.map((file) => [file.path, file.text]));
  const slashed = (path) => path.split('\\').join('/');
  const firstPassOutput = (id) => firstPass.metafile.outputs[slashed(relative(process.cwd(), id))];
  const entryPath = (name) => resolve(outdir, `${name}.js`);
  const grouped = await rollup({
    input: Object.fromEntries(Object.keys(entryPoints).map((name) => [name, entryPath(name)])),
    // Node's own modules (esbuild leaves `os`, `node:fs`… as imports); everything else is a chunk above.
    external: (id) => !id.startsWith('.') && !sources.has(id),
    plugins: [
      {
        name: 'first-pass-output',
        resolveId: (source, importer) => {
          const id = importer && source.startsWith('.') ? resolve(dirname(importer), source) : source;
          return sources.has(id) ? id : null;
        },
        load: (id) => sources.get(id) ?? null,
      },
    ],
    // Rollup tells how many chunks it merged at the `info` level: a build prints only what went wrong.
    logLevel: 'warn',
    onwarn: (warning) => {
      // A cycle between modules is one esbuild already ordered (each chunk holds its modules in one scope);
      // a cycle between the files Rollup writes is refused below. Any other warning fails the build.
      if (warning.code === 'CIRCULAR_DEPENDENCY') return;
      throw new Error(`rollup: ${warning.message}`);
    },
  });
  const { output } = await grouped.generate({
    format: 'cjs',
    // Rollup would also require, at the top of each entry, what its chunks require: a head start for ES
    // modules fetched in parallel, none for require().
    hoistTransitiveImports: false,
    // A dynamic import of Node's own modules (node:child_process, for git) as a require too: import() would
    // start the ES module loader, the 10 ms this format saves.
    dynamicImportInCjs: false,
    entryFileNames: '[name].js',
    // The first pass's name without its hash (which the second pass's replaces).
    chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
    experimentalMinChunkSize: MIN_CHUNK_BYTES,
  });
  await grouped.close();

  const chunks = output.filter((file) => file.type === 'chunk');
  refuseRequireCycles(chunks);
  const names = new Set(chunks.map((chunk) => chunk.fileName));
  // Paths as esbuild's metafile writes them: relative to the working directory, with forward slashes.
  const pathOf = (fileName) => slashed(relative(process.cwd(), join(outdir, fileName)));
  const importOf = (file, kind) =>
    names.has(file) ? { path: pathOf(file), kind, external: false } : { path: file, kind, external: true };
  const files = new Map();
  const outputs = {};
  for (const chunk of chunks) {
    const text = await minified(chunk.code);
    files.set(chunk.fileName, text);
    const inputs = {};
    for (const id of Object.keys(chunk.modules)) Object.assign(inputs, firstPassOutput(id)?.inputs);
    outputs[pathOf(chunk.fileName)] = {
      bytes: Buffer.byteLength(text),
      inputs,
      imports: [
        ...chunk.imports.map((file) => importOf(file, 'import-statement')),
        ...chunk.dynamicImports.map((file) => importOf(file, 'dynamic-import')),
      ],
    };
  }
  // The project's package.json says its .js files are ES modules; dist/'s are not.
  files.set('package.json', '{"type":"commonjs"}\n');
  return { files, outputs };
}

/** Builds into `outdir`, replacing what was there; returns the outputs' description. */
export async function writeBundle(outdir, entryPoints = BUILD_OPTIONS.entryPoints) {
  const { files, outputs } = await bundle(outdir, entryPoints);
  await rm(outdir, { recursive: true, force: true });
  for (const [name, text] of files) {
    const path = join(outdir, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
  return outputs;
}

/** Minified as esbuild minifies a bundle (it keeps the CLI's `#!` line first). */
async function minified(code) {
  const { code: min } = await transform(code, {
    minify: true,
    format: 'cjs',
    target: BUILD_OPTIONS.target,
    legalComments: BUILD_OPTIONS.legalComments,
    charset: BUILD_OPTIONS.charset,
  });
  return min;
}

/**
 * Fails the build when files require each other in a cycle: ES modules link such a cycle before running
 * it, but a CommonJS file that requires one still loading gets its exports half made.
 */
function refuseRequireCycles(chunks) {
  const imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set();
  const visit = (file, path) => {
    if (path.includes(file))
      throw new Error(`bundle: files require each other: ${[...path, file].join(' → ')}`);
    if (done.has(file) || !imports.has(file)) return;
    for (const next of imports.get(file)) visit(next, [...path, file]);
    done.add(file);
  };
  for (const chunk of chunks) visit(chunk.fileName, []);
}
