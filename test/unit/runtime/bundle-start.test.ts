import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bundle } from '../../../scripts/bundle.mjs';
import { entryOutput, inputsOf, loadedUpFront } from '../../../scripts/bundle-graph.mjs';

// What every run of the action loads before it reads its inputs: the HTTP stacks (undici, the toolkit's
// http-client, octokit) load only when a run talks to the service or to GitHub.
const HTTP_STACKS = ['node_modules/undici/', 'node_modules/@actions/http-client/', 'node_modules/@octokit/'];

// Node's own modules that cost a start much (child processes, sockets): loaded when a run needs them.
const HEAVY_BUILTINS = ['child_process', 'node:child_process', 'net', 'node:net', 'http', 'node:http'];

it('the entry points load no HTTP stack up front; the GitHub client still has its own', async () => {
  const outdir = join(tmpdir(), 'bundle-start');
  const { outputs } = await bundle(outdir);
  for (const entry of ['index.js', 'post.js', 'cli.js']) {
    const upFront = inputsOf(outputs, loadedUpFront(outputs, entryOutput(outputs, entry)));
    expect(
      upFront.filter((input) => HTTP_STACKS.some((stack) => input.includes(stack))),
      entry,
    ).toEqual([]);
    const builtins = [...loadedUpFront(outputs, entryOutput(outputs, entry))].flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
    );
    expect(
      builtins.filter((name) => HEAVY_BUILTINS.includes(name)),
      entry,
    ).toEqual([]);
  }
  // Declared free of side effects, the toolkit's http-client is still bundled where it is used: the
  // GitHub client's proxy support (getOctokitOptions) needs it.
  const everything = inputsOf(outputs, Object.keys(outputs));
  expect(everything.some((input) => input.includes('node_modules/@actions/http-client/'))).toBe(true);
  expect(everything.some((input) => input.includes('node_modules/undici/'))).toBe(true);
});
