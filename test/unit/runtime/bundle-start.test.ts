import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { BUILD_OPTIONS } from '../../../scripts/build-options.mjs';
import { entryOutput, inputsOf, loadedUpFront } from '../../../scripts/bundle-graph.mjs';

// What every run of the action loads before it reads its inputs: the HTTP stacks (undici, the toolkit's
// http-client, octokit) load only when a run talks to the service or to GitHub.
const HTTP_STACKS = ['node_modules/undici/', 'node_modules/@actions/http-client/', 'node_modules/@octokit/'];

it('the action and its post step load no HTTP stack up front; the GitHub client still has its own', async () => {
  const outdir = join(tmpdir(), 'bundle-start');
  const result = await build({ ...BUILD_OPTIONS, outdir, write: false, logLevel: 'silent' });
  const outputs = result.metafile!.outputs;
  for (const entry of ['index.js', 'post.js', 'cli.js']) {
    const upFront = inputsOf(outputs, loadedUpFront(outputs, entryOutput(outputs, entry)));
    expect(
      upFront.filter((input) => HTTP_STACKS.some((stack) => input.includes(stack))),
      entry,
    ).toEqual([]);
  }
  // Declared free of side effects, the toolkit's http-client is still bundled where it is used: the
  // GitHub client's proxy support (getOctokitOptions) needs it.
  const everything = inputsOf(outputs, Object.keys(outputs));
  expect(everything.some((input) => input.includes('node_modules/@actions/http-client/'))).toBe(true);
  expect(everything.some((input) => input.includes('node_modules/undici/'))).toBe(true);
});
