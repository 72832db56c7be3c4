/**
 * Cold start of the bundles, each run a new process on the Node that runs this script. The headline: the
 * action validating a pull request offline (no api-token) in the runner's environment, against the bare
 * toolkit script (toolkit-script.ts) in the same environment, without a GitHub token and with one (then
 * the report goes to a fake GitHub on loopback, in its own process). Commands are run in rounds, one run
 * of each per round, so that a change in the machine's load touches all of them alike.
 *   node cold-start.js RUNS DIST_DIR TOOLKIT_SCRIPT [--instructions]   → one JSON line per command;
 *   --instructions adds the instruction counts of Node alone, the baseline and the start (callgrind).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { serverProcess } from './server-process.js';

const RUNS = Number(process.argv[2] ?? 15);
const dist = process.argv[3] ?? 'dist';
const toolkit = process.argv[4] ?? '.tmp/bench/toolkit/toolkit.js';
const WORKSPACE = resolve('fixtures/example');
/**
 * The Node that runs each command: BENCH_NODE when set (GitHub runs the action on Node 24; on Node 20 a
 * run that made an HTTP request through undici waits about 250 ms more before it exits), else this one.
 */
const NODE = process.env.BENCH_NODE || process.execPath;

interface Command {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** What the run must have done, checked on its first run: a cold start that failed early is no figure. */
  readonly check?: (status: number | null) => string | null;
}

/** The inputs as the runner passes them: every input of action.yml with its default, then `inputs`. */
function inputVariables(inputs: Readonly<Record<string, string>>): Record<string, string> {
  const action = parse(readFileSync('action.yml', 'utf8')) as {
    inputs: Record<string, { default?: string }>;
  };
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    const value = inputs[name] ?? input.default ?? '';
    // ${{ … }} defaults are the runner's to fill: only the inputs given here stand in for them.
    env[`INPUT_${name.toUpperCase()}`] = value.includes('${{') ? '' : value;
  }
  return env;
}

/** A runner's environment for a pull request of `workspace`, its files in `dir`. */
function pullRequestEnvironment(
  dir: string,
  workspace: string,
  pullRequest: number,
  githubUrl: string,
  inputs: Readonly<Record<string, string>>,
) {
  const base = 'a'.repeat(40);
  const head = 'b'.repeat(40);
  const repo = { full_name: 'acme/gitops' };
  const event = {
    number: pullRequest,
    pull_request: { number: pullRequest, base: { sha: base, repo }, head: { sha: head, repo } },
    repository: { ...repo, default_branch: 'main' },
  };
  const files = {
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
  };
  writeFileSync(files.GITHUB_EVENT_PATH, JSON.stringify(event));
  // The runner creates the file-command files; the toolkit appends to them.
  for (const file of [files.GITHUB_OUTPUT, files.GITHUB_STATE, files.GITHUB_STEP_SUMMARY])
    writeFileSync(file, '');
  return {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    ...files,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'acme/gitops',
    GITHUB_SHA: 'c'.repeat(40),
    GITHUB_REF: `refs/pull/${pullRequest}/merge`,
    GITHUB_WORKFLOW: 'gitops',
    GITHUB_RUN_ID: '1001',
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_API_URL: githubUrl,
    RUNNER_TEMP: dir,
    // The example's one sensitive component value, as its workflow passes it from a secret.
    GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e',
    ...inputVariables(inputs),
  };
}

/** The offline validation must have run to its end: exit 0 and `command=validate` among the outputs. */
const validated = (status: number | null, dir: string): string | null => {
  const outputs = readFileSync(join(dir, 'output'), 'utf8');
  if (status !== 0) return `exit status ${status}`;
  return /^command<<\S+\nvalidate$/m.test(outputs) ? null : `outputs without command=validate: ${outputs}`;
};
const exitedZero = (status: number | null): string | null => (status === 0 ? null : `exit status ${status}`);

/**
 * The instructions one run executes, counted by callgrind (valgrind must be installed). Valgrind drops
 * environment variables whose names hold a `-` (INPUT_ALLOW-EMPTY, INPUT_API-TOKEN…), so the run gets its
 * environment from `env`, itself run under valgrind: the last count is Node's.
 */
function instructions(command: Command): number {
  const variables = Object.entries({ PATH: process.env.PATH ?? '', ...command.env }).map(
    ([name, value]) => `${name}=${value}`,
  );
  const { stderr, status } = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--trace-children=yes',
      '--callgrind-out-file=/dev/null',
      'env',
      '-i',
      ...variables,
      NODE,
      ...command.args,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  );
  const counts = [...(stderr ?? '').matchAll(/I\s+refs:\s+([\d,]+)/g)];
  // A count of a run that failed early is no figure.
  if (counts.length === 0 || status !== 0)
    throw new Error(`${command.name} under valgrind: exit ${status}\n${stderr}`);
  return Number(counts.at(-1)![1]!.replaceAll(',', ''));
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const github = await serverProcess<{ token: string; pullRequest: number }>('github-process.js', []);
const dirs: string[] = [];
const temporary = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
try {
  // The start of a validation apart from its documents' own work: a repository whose paths hold no
  // document yet (allow-empty), so the run loads, reads its inputs and the event, validates nothing,
  // reports and, with a token, posts its Checks run and comment.
  const emptyRepository = temporary('bench-cold-start-repo-');
  mkdirSync(join(emptyRepository, 'alerting'));
  const environment = (workspace: string, githubToken: string, inputs: Record<string, string> = {}) => {
    const dir = temporary('bench-cold-start-');
    const env = pullRequestEnvironment(dir, workspace, github.pullRequest, github.url, {
      'api-token': '',
      'github-token': githubToken,
      ...inputs,
    });
    return { env, check: (status: number | null) => validated(status, dir) };
  };
  const empty = { paths: 'alerting', 'allow-empty': 'true' };
  const emptyNoToken = environment(emptyRepository, '', empty);
  const emptyToken = environment(emptyRepository, github.token, empty);
  const exampleNoToken = environment(WORKSPACE, '');
  const index = join(dist, 'index.js');
  const commands: Record<string, Command> = {
    floor: { name: 'node -e 0', args: ['-e', '0'], env: {} },
    toolkit: {
      name: 'toolkit script (pull request)',
      args: [toolkit],
      env: emptyNoToken.env,
      check: exitedZero,
    },
    start: { name: 'index.js validate, no document, no token', args: [index], ...emptyNoToken },
    toolkitToken: {
      name: 'toolkit script (pull request, github-token)',
      args: [toolkit],
      env: emptyToken.env,
      check: exitedZero,
    },
    startToken: { name: 'index.js validate, no document, github-token', args: [index], ...emptyToken },
    example: { name: 'index.js validate of fixtures/example, no token', args: [index], ...exampleNoToken },
    // With no event the action stops after reading its inputs: the cost of loading the bundle and starting.
    noEvent: { name: 'index.js (no event)', args: [index], env: {} },
    post: { name: 'post.js (no saved state)', args: [join(dist, 'post.js')], env: {} },
    version: { name: 'cli.js --version', args: [join(dist, 'cli.js'), '--version'], env: {} },
    cliExample: {
      name: 'cli.js validate fixtures/example',
      args: [join(dist, 'cli.js'), 'validate', 'fixtures/example'],
      env: { GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e' },
    },
  };
  const times = Object.fromEntries(Object.keys(commands).map((key) => [key, [] as number[]]));
  for (let round = 0; round < RUNS; round++) {
    for (const [key, command] of Object.entries(commands)) {
      const env = { PATH: process.env.PATH ?? '', ...command.env };
      const started = performance.now();
      const { status, stdout } = spawnSync(NODE, command.args, { encoding: 'utf8', env });
      times[key]!.push(performance.now() - started);
      const problem = round === 0 ? (command.check?.(status) ?? null) : null;
      if (problem !== null) throw new Error(`${command.name}: ${problem}\n${stdout}`);
    }
  }
  const version = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(JSON.stringify({ bench: 'cold-start-node', version }));
  for (const [key, command] of Object.entries(commands)) {
    console.log(
      JSON.stringify({ bench: 'cold-start', name: command.name, runs: RUNS, medianMs: median(times[key]!) }),
    );
  }
  // The ratio of each round (same moment, same load), then their median.
  const ratio = (name: string, ours: string, baseline: string) =>
    console.log(
      JSON.stringify({
        bench: 'cold-start-ratio',
        name,
        ratio: median(times[ours]!.map((ms, round) => ms / times[baseline]![round]!)),
      }),
    );
  ratio('offline validation, no token', 'start', 'toolkit');
  ratio('offline validation, github-token (Checks run and comment posted)', 'startToken', 'toolkitToken');
  ratio(
    'validation of fixtures/example with its own work (10 documents, PromQL checks)',
    'example',
    'toolkit',
  );
  if (process.argv.includes('--instructions')) {
    // Instructions executed (all threads), repeatable whatever the machine's load: one run of each.
    const counts = Object.fromEntries(
      (['floor', 'toolkit', 'start'] as const).map((key) => [key, instructions(commands[key]!)]),
    );
    console.log(JSON.stringify({ bench: 'cold-start-instructions', ...counts }));
  }
} finally {
  github.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
