import type { CliCommand } from './cli-command.js';

/** One command-line option: how the parser reads it, which commands take it, and its line of help. */
export interface OptionSpec {
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Given more than once, every value counts (`--ignore A --ignore B`). */
  readonly multiple?: boolean;
  /** The placeholder help shows after the name, for options that take a value. */
  readonly value?: string;
  readonly help: string;
  readonly commands: readonly CliCommand[];
}

/** The commands that plan against the service. */
export const PLANNING: readonly CliCommand[] = ['plan', 'backtest', 'apply', 'drift'];
/** The commands that read documents. */
export const READING: readonly CliCommand[] = ['validate', ...PLANNING];
/** The commands that use the service: they take --api-url, and their help says where the token is read. */
export const SERVICE_COMMANDS: readonly CliCommand[] = [...PLANNING, 'logs', 'export', 'receivers'];
/** The commands that print a report or documents: they take --format and the colour options. */
export const OUTPUT: readonly CliCommand[] = [...READING, 'logs', 'export', 'import', 'receivers'];
