import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bundle } from '../../../scripts/bundle.mjs';
import { entryOutput, loadedUpFront } from '../../../scripts/bundle-graph.mjs';

it('the PromQL grammar and checker sit in a chunk of their own that no entry point loads up front', async () => {
  const outdir = join(tmpdir(), 'promql-bundle-split');
  const { outputs } = await bundle(outdir);
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
    const file = entryOutput(outputs, entry);
    expect(
      [...loadedUpFront(outputs, file)].filter((f) => grammar.includes(f)),
      entry,
    ).toEqual([]);
  }
});
