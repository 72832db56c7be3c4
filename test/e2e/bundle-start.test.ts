import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, expect, inject, it } from 'vitest';
import { bundle } from '../../scripts/bundle.mjs';
import { entryOutput, inputsOf, loadedUpFront } from '../../scripts/bundle-graph.mjs';
import { runBundle } from './bundle.js';

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

it('an offline validation, as the runner starts it, loads no crypto, fs/promises, HTTP or process module', async () => {
  // Checked on the run itself, not only on the bundle's imports: a module can also load one of Node's as it
  // loads (core's summary module read fs.promises), and the ES module loader loads fs/promises too. (The
  // step's log is a pipe, for which Node loads net: every action pays that.)
  const dir = await mkdtemp(join(tmpdir(), 'bundle-start-run-'));
  try {
    const repository = join(dir, 'repository');
    await mkdir(join(repository, 'alerting'), { recursive: true });
    const files = Object.fromEntries(
      ['event.json', 'output', 'state', 'summary.md', 'modules.txt'].map((name) => [name, join(dir, name)]),
    );
    const recorder = join(dir, 'record-modules.cjs');
    await writeFile(
      recorder,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(files['modules.txt'])}, process.moduleLoadList.join('\\n')));`,
    );
    const pullRequest = { number: 7, base: { sha: 'a'.repeat(40) }, head: { sha: 'b'.repeat(40) } };
    await writeFile(files['event.json']!, JSON.stringify({ number: 7, pull_request: pullRequest }));
    for (const name of ['output', 'state', 'summary.md']) await writeFile(files[name]!, '');
    const run = await runBundle('index.js', [], {
      cwd: repository,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_OPTIONS: `--require "${recorder}"`,
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: files['event.json']!,
        GITHUB_OUTPUT: files.output!,
        GITHUB_STATE: files.state!,
        GITHUB_STEP_SUMMARY: files['summary.md']!,
        GITHUB_WORKSPACE: repository,
        GITHUB_REPOSITORY: 'acme/gitops',
        RUNNER_TEMP: dir,
        INPUT_PATHS: 'alerting',
        'INPUT_ALLOW-EMPTY': 'true',
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(await readFile(files.output!, 'utf8')).toMatch(/^command<<(\S+)\nvalidate\n\1$/m);
    const loaded = (await readFile(files['modules.txt']!, 'utf8')).split('\n');
    const unwanted =
      /^NativeModule (crypto|internal\/crypto\/|(internal\/)?fs\/promises|https?|child_process)/;
    expect(loaded.filter((name) => unwanted.test(name))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
