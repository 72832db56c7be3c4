import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catchOutput } from './caught-output.js';

export interface InProcessStepRun {
  /** The exit status the step left: 1 when it failed (core.setFailed), else 0. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The job summary the step wrote ('' when GITHUB_STEP_SUMMARY was left out). */
  readonly summary: string;
}

/**
 * @actions/core keeps the first summary path it was given for the life of the process, so every run of a
 * test file writes one summary file, emptied before each run.
 */
let summaryFile: string | undefined;

/** The run under way: a run starts only once the one before it ended, whatever became of its test. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * Runs an action step's entry function (the main step's `run`, the post step's `runPost`: what index.js
 * and post.js call) in this process, as the runner runs the bundle: with exactly the environment given
 * (inputs as INPUT_*, state as STATE_*), its stdout and stderr caught, a job summary file unless
 * `withSummary` is false. The process's environment and exit status are restored afterwards. The
 * environment is the process's, so runs go one at a time: a run asked for while another is under way (one
 * a timed-out test left, say) waits for it.
 */
export function runStepInProcess(
  step: () => Promise<void>,
  env: Record<string, string>,
  options: { readonly withSummary?: boolean } = {},
): Promise<InProcessStepRun> {
  const run = previous.then(() => runAlone(step, env, options.withSummary ?? true));
  previous = run.catch(() => undefined);
  return run;
}

async function runAlone(
  step: () => Promise<void>,
  env: Record<string, string>,
  withSummary: boolean,
): Promise<InProcessStepRun> {
  summaryFile ??= join(await mkdtemp(join(tmpdir(), 'step-summary-')), 'summary.md');
  await writeFile(summaryFile, '');
  const output = catchOutput();
  const savedEnv = process.env;
  const savedExitCode = process.exitCode;
  process.env = {
    PATH: savedEnv.PATH ?? '',
    ...env,
    ...(withSummary ? { GITHUB_STEP_SUMMARY: summaryFile } : {}),
  };
  if (!withSummary) delete process.env.GITHUB_STEP_SUMMARY;
  process.exitCode = undefined;
  try {
    await step();
    return {
      code: Number(process.exitCode ?? 0),
      stdout: output.stdout(),
      stderr: output.stderr(),
      summary: withSummary ? await readFile(summaryFile, 'utf8') : '',
    };
  } finally {
    process.env = savedEnv;
    process.exitCode = savedExitCode;
    output.release();
  }
}
