import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { expect, it } from 'vitest';
import { BUILD_OPTIONS } from '../../../scripts/build-options.mjs';

/** The files an output loads before it runs: its static imports, transitively (dynamic ones excluded). */
function loadedUpFront(outputs: Metafile['outputs'], entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const output = outputs[file];
    if (seen.has(file) || output === undefined) continue;
    seen.add(file);
    for (const imported of output.imports)
      if (imported.kind === 'import-statement') pending.push(imported.path);
  }
  return seen;
}

it('the PromQL grammar and checker sit in a chunk of their own that no entry point loads up front', async () => {
  const outdir = join(tmpdir(), 'promql-bundle-split');
  const result = await build({ ...BUILD_OPTIONS, outdir, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  const holding = (name: string) =>
    Object.keys(outputs).filter((file) =>
      Object.keys(outputs[file]!.inputs).some((input) => input.includes(name)),
    );
  const grammar = holding('@prometheus-io/lezer-promql');
  expect(grammar).toHaveLength(1);
  expect(holding('@prometheus-io/codemirror-promql')).toEqual(grammar);
  // The editor itself never enters the bundle: the checker's one call into it has a stand-in.
  expect(holding('@codemirror/')).toEqual([]);
  for (const entry of ['index.js', 'post.js', 'cli.js']) {
    const file = Object.keys(outputs).find((f) => f.endsWith(`/${entry}`) && !f.includes('/chunks/'))!;
    expect(
      [...loadedUpFront(outputs, file)].filter((f) => grammar.includes(f)),
      entry,
    ).toEqual([]);
  }
});
