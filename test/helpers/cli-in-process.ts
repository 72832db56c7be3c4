import { main } from '../../src/cli/command-line.js';
import { catchOutput } from './caught-output.js';

export interface InProcessCliRun {
  readonly code: number;
  /** What the command printed, through its output and anything written straight to the process's stdout. */
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the command line face in this process, as the bundled cli.js runs it (`main(argv)`), with only the
 * environment given. Text written to the process's own stdout or stderr while it runs, bypassing the
 * face's output, is caught too and counted as printed: a test of what leaves the process sees all of it.
 * The working directory is the test's: name the repository with --root.
 */
export async function runCliInProcess(
  args: readonly string[],
  env: Record<string, string>,
): Promise<InProcessCliRun> {
  const output = catchOutput();
  let stdout = '';
  let stderr = '';
  try {
    const code = await main(args, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      env: { PATH: process.env.PATH ?? '', ...env },
      isTty: false,
    });
    return { code, stdout: stdout + output.stdout(), stderr: stderr + output.stderr() };
  } finally {
    output.release();
  }
}
