/**
 * What the command line said, typed per command: each command's options hold exactly the fields that
 * command takes, in shapes that leave no room for a combination it refuses (`apply --plan FILE` has no
 * --prune, `drift` does one thing with its drift). Each command's parser, beside its type, holds its
 * combination rules; the table below gives every command one, checked by the compiler.
 */
import type { CliCommand } from '../cli-command.js';
import type { OptionValues } from '../option-values.js';
import { type ApplyCliOptions, parseApplyOptions } from './apply-options.js';
import { type DriftCliOptions, parseDriftOptions } from './drift-options.js';
import { type ExportCliOptions, parseExportOptions } from './export-options.js';
import { type ImportCliOptions, parseImportOptions } from './import-options.js';
import {
  type DemoCliOptions,
  type InitCliOptions,
  parseDemoOptions,
  parseInitOptions,
  parseSandboxOptions,
  type SandboxCliOptions,
} from './local-options.js';
import {
  type BacktestCliOptions,
  type PlanCliOptions,
  parseBacktestOptions,
  parsePlanOptions,
} from './plan-options.js';
import {
  type LogsCliOptions,
  parseLogsOptions,
  parseReceiversOptions,
  type ReceiversCliOptions,
} from './service-options.js';
import { type DocumentsCliOptions, documentsOptions, type ShownAs, shownAs } from './shared-options.js';

/** `validate [PATH…]`: offline. */
export interface ValidateCliOptions extends ShownAs, DocumentsCliOptions {}

/** Each command's options. */
export interface CliOptionsOf {
  readonly validate: ValidateCliOptions;
  readonly plan: PlanCliOptions;
  readonly backtest: BacktestCliOptions;
  readonly apply: ApplyCliOptions;
  readonly drift: DriftCliOptions;
  readonly logs: LogsCliOptions;
  readonly export: ExportCliOptions;
  readonly import: ImportCliOptions;
  readonly sandbox: SandboxCliOptions;
  readonly demo: DemoCliOptions;
  readonly init: InitCliOptions;
  readonly receivers: ReceiversCliOptions;
}

/** One command and its options: `{ command: 'plan'; options: PlanCliOptions } | { command: 'apply'; … } | …`. */
export type CliArgs = {
  readonly [C in CliCommand]: { readonly command: C; readonly options: CliOptionsOf[C] };
}[CliCommand];

/** The arguments of one of the commands given. */
export type CliArgsOf<C extends CliCommand> = Extract<CliArgs, { readonly command: C }>;

type OptionsParser<C extends CliCommand> = (
  values: OptionValues,
  positionals: readonly string[],
) => CliOptionsOf[C];

const PARSERS: { readonly [C in CliCommand]: OptionsParser<C> } = {
  validate: (values, positionals) => ({ ...shownAs(values), ...documentsOptions(values, positionals) }),
  plan: parsePlanOptions,
  backtest: parseBacktestOptions,
  apply: parseApplyOptions,
  drift: parseDriftOptions,
  logs: parseLogsOptions,
  export: parseExportOptions,
  import: parseImportOptions,
  sandbox: parseSandboxOptions,
  demo: parseDemoOptions,
  init: parseInitOptions,
  receivers: parseReceiversOptions,
};

/** The command's options, from the values the parser read for it and the words that are not options. */
export function commandArgs(
  command: CliCommand,
  values: OptionValues,
  positionals: readonly string[],
): CliArgs {
  // The table's type ties each command to its parser; TypeScript cannot follow that through `command`.
  return { command, options: PARSERS[command](values, positionals) } as CliArgs;
}
