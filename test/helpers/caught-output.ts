import { vi } from 'vitest';

/** What this process wrote to its stdout and stderr since `catchOutput()`, held instead of shown. */
export interface CaughtOutput {
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Lets the streams write again. */
  readonly release: () => void;
}

export function catchOutput(): CaughtOutput {
  const text = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((name) =>
    vi.spyOn(process[name], 'write').mockImplementation((chunk: string | Uint8Array) => {
      text[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }),
  );
  return {
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    release: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
