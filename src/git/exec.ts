/**
 * Runs git without a shell (arguments are never interpreted), in one directory, with bounded output.
 * node:child_process (with node:net and the streams under it) loads on the first git call: a run that
 * never compares revisions, such as an offline validation, does not pay for it at start.
 */

const MAX_OUTPUT = 256 * 1024 * 1024;

export interface GitOutput {
  readonly ok: boolean;
  readonly stdout: Buffer;
}

/** Never throws for a git failure (exit status ≠ 0): history may simply be missing. */
export async function git(cwd: string, args: readonly string[]): Promise<GitOutput> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile(
      'git',
      [...args],
      { cwd, encoding: 'buffer', maxBuffer: MAX_OUTPUT, env: gitEnv() },
      (error, stdout) => resolve({ ok: error === null, stdout }),
    );
  });
}

/** Feeds `input` to one git process and collects its whole output (for `cat-file --batch`). */
export async function gitWithInput(cwd: string, args: readonly string[], input: string): Promise<GitOutput> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn('git', [...args], { cwd, env: gitEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve({ ok: false, stdout: Buffer.alloc(0) }));
    child.on('close', (code) => resolve({ ok: code === 0, stdout: Buffer.concat(chunks) }));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** No pager, no prompts, no locale-dependent output: the reader parses what git prints. */
function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
}
