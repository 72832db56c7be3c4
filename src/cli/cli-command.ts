/**
 * The commands of the command line (DESIGN "Contracts"), plus `demo`, the README's quick start. Their own
 * file, below the option table and the parser, which both name them.
 */
export const CLI_COMMANDS = [
  'validate',
  'plan',
  'backtest',
  'apply',
  'drift',
  'logs',
  'export',
  'import',
  'sandbox',
  'demo',
  'init',
  'receivers',
] as const;
export type CliCommand = (typeof CLI_COMMANDS)[number];

export function isCliCommand(word: string): word is CliCommand {
  return (CLI_COMMANDS as readonly string[]).includes(word);
}
