import type { CliCommand } from './cli-command.js';
import type { OptionSpec } from './option-spec.js';
import { COMMAND_OPTIONS } from './option-table-commands.js';
import { DOCUMENT_OPTIONS } from './option-table-documents.js';

/**
 * Every option of the command line. The parser accepts exactly these (per command), each command's
 * parser reads only these (option-values.ts), and each command's help lists exactly the ones it takes, in
 * this order: the three cannot disagree. An option whose meaning differs by command (`--out`, `--org`) has
 * one entry per meaning, each with its own commands. The table is written in two parts, each in its file.
 */
export const OPTIONS: readonly OptionSpec[] = [...DOCUMENT_OPTIONS, ...COMMAND_OPTIONS];

export function optionsOf(command: CliCommand): readonly OptionSpec[] {
  return OPTIONS.filter((option) => option.commands.includes(command));
}

/** Whether `command` takes the option `name` (under any of its meanings). */
export function takesOption(command: CliCommand, name: string): boolean {
  return OPTIONS.some((option) => option.name === name && option.commands.includes(command));
}
