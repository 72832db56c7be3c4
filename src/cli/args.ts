import { type ParseArgsConfig, parseArgs } from 'node:util';
import { nearestName } from '../core/nearest-name.js';
import { UsageError } from '../core/usage-error.js';
import { CLI_COMMANDS, type CliCommand, isCliCommand } from './cli-command.js';
import { type CliArgs, commandArgs } from './commands/cli-args.js';
import { OptionValues, type ParsedValues } from './option-values.js';
import { OPTIONS, takesOption } from './options.js';

export type ParsedCommandLine =
  | { readonly kind: 'run'; readonly args: CliArgs }
  | { readonly kind: 'help'; readonly command: CliCommand | null }
  | { readonly kind: 'version' };

/** parseArgs' view of the table, plus the options accepted only to answer them (help, version, tokens). */
const PARSER_OPTIONS: ParseArgsConfig['options'] = {
  ...Object.fromEntries(
    OPTIONS.map((o) => [o.name, o.multiple ? { type: o.type, multiple: true } : { type: o.type }]),
  ),
  // Accepted only to refuse them with a clear reason, never used.
  token: { type: 'string' },
  'api-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
};

const KNOWN_OPTIONS = [...OPTIONS.map((o) => o.name), 'help', 'version'];

/** ` — did you mean --x?` when the written name is a typo of a known one, else ''. */
function didYouMean(written: string, known: readonly string[], prefix = ''): string {
  const nearest = nearestName(written, known);
  return nearest === null ? '' : `; did you mean '${prefix}${nearest}'?`;
}

/** node:util's parseArgs errors, as one line that names the option and what is wrong with it. */
function optionErrorLine(error: unknown, command: CliCommand): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const option = /'(-{1,2}[^' ]+)/.exec(text)?.[1];
  const help = `see 'platform-gitops ${command} --help'`;
  if (option === undefined) return text.split('\n')[0] ?? text;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(text)) return `${option} takes no value (${help})`;
    return `${option} needs a value, e.g. ${option} <value> (${help})`;
  }
  const name = option.replace(/^-+/, '');
  const elsewhere = OPTIONS.find((o) => o.name === name);
  if (elsewhere) return `'${command}' takes no ${option} (${help})`;
  return `unknown option '${option}' for '${command}'${didYouMean(name, KNOWN_OPTIONS, '--')} (${help})`;
}

/** What asks for the version in first place: the usual spellings, so that none reads as an unknown command. */
const VERSION_WORDS: readonly string[] = ['--version', '-V', '-v', 'version'];

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined && !isCliCommand(topic)) {
      throw new UsageError(
        `unknown command '${topic}'${didYouMean(topic, CLI_COMMANDS)} (commands: ${CLI_COMMANDS.join(', ')})`,
      );
    }
    return { kind: 'help', command: topic ?? null };
  }
  if (VERSION_WORDS.includes(first)) return { kind: 'version' };
  if (!isCliCommand(first)) {
    const hint = first.startsWith('-') ? 'a command comes first' : `commands: ${CLI_COMMANDS.join(', ')}`;
    const typo = first.startsWith('-') ? '' : didYouMean(first, CLI_COMMANDS);
    throw new UsageError(`unknown command '${first}'${typo} (${hint}; see 'platform-gitops --help')`);
  }
  const command = first;

  let parsed: { values: ParsedValues; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: PARSER_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(optionErrorLine(error, command));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', command };
  if (values.version) return { kind: 'version' };
  if (values.token !== undefined || values['api-token'] !== undefined) {
    throw new UsageError(
      'the token is read from the QOVERY_API_TOKEN environment variable only: an argument would end up in shell history and process lists',
    );
  }
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !takesOption(command, name)) {
      throw new UsageError(`'${command}' takes no --${name} (see 'platform-gitops ${command} --help')`);
    }
  }
  // The command's own parser: its combination rules, then its values, each checked as it is read.
  return { kind: 'run', args: commandArgs(command, new OptionValues(command, values), positionals) };
}
