import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, expect, inject, it } from 'vitest';
import { bundle } from '../../scripts/bundle.mjs';
import { entryOutput, inputsOf, loadedUpFront } from '../../scripts/bundle-graph.mjs';

// What every run of the action loads before it reads its inputs: the HTTP stacks (undici, the toolkit's
// http-client, octokit) load only when a run talks to the service or to GitHub.
const HTTP_STACKS = ['node_modules/undici/', 'node_modules/@actions/http-client/', 'node_modules/@octokit/'];

// Node's own modules that cost a start much (child processes, sockets, crypto: about 10 ms on Node 24):
// loaded when a run needs them.
const HEAVY_BUILTINS = [
  'child_process',
  'node:child_process',
  'net',
  'node:net',
  'http',
  'node:http',
  'crypto',
  'node:crypto',
];

// What reading documents needs, loaded only once there is a file to parse or a glob to match.
const DOCUMENT_ENGINE = ['node_modules/yaml/', 'node_modules/picomatch/', 'src/documents/generated/'];

const ENTRIES = ['index.js', 'post.js', 'cli.js'];

// The build the end-to-end tests run (test/e2e/build-bundle.ts): bundling dist/ takes seconds. A DIST_DIR
// run has none, and builds the sources here.
let outputs: Metafile['outputs'];
beforeAll(async () => {
  outputs = inject('bundleOutputs') ?? (await bundle(join(tmpdir(), 'bundle-start'))).outputs;
});

const holding = (name: string) =>
  Object.keys(outputs).filter((file) =>
    Object.keys(outputs[file]!.inputs).some((input) => input.includes(name)),
  );

it('the entry points load no HTTP stack up front; the GitHub client still has its own', () => {
  for (const entry of ENTRIES) {
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

it('the PromQL grammar and checker sit in a chunk of their own that no entry point loads up front', () => {
  const grammar = holding('@prometheus-io/lezer-promql');
  expect(grammar).toHaveLength(1);
  expect(holding('@prometheus-io/codemirror-promql')).toEqual(grammar);
  // The editor itself never enters the bundle: the checker's one call into it has a stand-in.
  expect(holding('@codemirror/')).toEqual([]);
  for (const entry of ENTRIES) {
    const file = entryOutput(outputs, entry);
    expect(
      [...loadedUpFront(outputs, file)].filter((f) => grammar.includes(f)),
      entry,
    ).toEqual([]);
  }
});

it('a validation loads the YAML parser, the schema validators and the glob engine only when it needs them', () => {
  // The validate command's chunk and everything it imports statically: what a validation that finds no
  // file, with no ignore globs, loads besides the entry point.
  const [validate] = holding('src/commands/validate.ts');
  expect(validate).toBeDefined();
  for (const start of [entryOutput(outputs, 'index.js'), entryOutput(outputs, 'cli.js'), validate!]) {
    const loaded = inputsOf(outputs, loadedUpFront(outputs, start));
    expect(
      loaded.filter((input) => DOCUMENT_ENGINE.some((part) => input.includes(part))),
      start,
    ).toEqual([]);
  }
  // Each is still bundled, for the runs that do parse a file or match a glob.
  const everything = inputsOf(outputs, Object.keys(outputs));
  for (const part of DOCUMENT_ENGINE)
    expect(
      everything.some((input) => input.includes(part)),
      part,
    ).toBe(true);
});

it('an offline validation loads few files: the entry point and a handful of chunks', () => {
  // Each file costs Node about half a millisecond of its own to load, whatever its size (scripts/bundle.mjs).
  const [validate] = holding('src/commands/validate.ts');
  const files = new Set([
    ...loadedUpFront(outputs, entryOutput(outputs, 'index.js')),
    ...loadedUpFront(outputs, validate!),
  ]);
  expect(files.size).toBeLessThanOrEqual(10);
});
