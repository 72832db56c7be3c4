import { type OutputOptions, safeCommand, safeLine, safeOutput } from '../core/printable.js';

/**
 * What a command-line run is given of its process: where it writes, its environment, and whether stdout is
 * a terminal (command-line.ts gives the process's own; tests give theirs).
 */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly isTty: boolean;
}

/** The command line's writers as the boundary gives them, with the one way to print a command of ours. */
export interface CliOutput {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** One line on stderr (a progress line): a line break inside it is shown, not made. */
  readonly progress: (line: string) => void;
  /** Workflow commands the tool gives (the `github` form's annotations), one per line, on stdout. */
  readonly commands: (lines: readonly string[]) => void;
}

/**
 * Everything the command line prints, through the output boundary (core/printable.ts): whatever a
 * document, the service or an error put in a string, no line of it can start a workflow command when a
 * runner reads the output, and no control character reaches the terminal. Colours pass on stdout when
 * the run asked for them; stderr never has any.
 */
export function cliOutput(io: Pick<CliIo, 'stdout' | 'stderr'>, options: OutputOptions = {}): CliOutput {
  return {
    stdout: (text) => io.stdout(safeOutput(text, options)),
    stderr: (text) => io.stderr(safeOutput(text)),
    progress: (line) => io.stderr(`${safeLine(line)}\n`),
    commands: (lines) => {
      if (lines.length > 0) io.stdout(`${lines.map(safeCommand).join('\n')}\n`);
    },
  };
}
