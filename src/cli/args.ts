import { type ParseArgsConfig, parseArgs } from 'node:util';
import { DEFAULT_BACKTEST_WINDOW_SECONDS } from '../backtest/window.js';
import { nearestName } from '../core/nearest-name.js';
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { prometheusMilliseconds } from '../prometheus-rules/prometheus-duration.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../run/types.js';
import { OPTIONS, optionsOf } from './options.js';

/** The commands of the command line (DESIGN "Contracts"), plus `demo`, the README's quick start. */
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

/** Everything the command line said, typed. Empty means "not given". */
export interface CliArgs {
  readonly command: CliCommand;
  readonly paths: readonly string[];
  readonly format: OutputFormat;
  readonly apiUrl: string | undefined;
  readonly organizationId: string | undefined;
  readonly root: string | undefined;
  readonly base: string | undefined;
  readonly ignore: readonly string[];
  readonly allowEmpty: boolean;
  readonly verbose: boolean;
  readonly concurrency: number;
  readonly detailedExitcode: boolean;
  readonly all: boolean;
  readonly prune: boolean;
  /** Send every alert receiver's secret again. */
  readonly rotateSecrets: boolean;
  readonly remediate: boolean;
  /** `drift --write`: write the drift back into the working tree. */
  readonly write: boolean;
  readonly adoptInto: string | undefined;
  readonly failOn: 'error' | 'warning';
  readonly clusterId: string | undefined;
  readonly entries: number;
  /** `export`: the directory; `plan`: the file the plan is saved to. */
  readonly outDir: string | undefined;
  /** `apply --plan FILE`: execute this saved plan. */
  readonly planFile: string | undefined;
  readonly strict: boolean;
  readonly port: number;
  readonly seed: string | undefined;
  readonly color: boolean | undefined;
  readonly dryRun: boolean;
  readonly fromOrg: string | undefined;
  /** `init --pin-sha`: the commit of the action the workflow pins. */
  readonly pinSha: string | undefined;
  /** `import`: the defaults of the imported documents, as written (src/prometheus-rules/references.ts reads them). */
  readonly target: string | undefined;
  readonly receivers: readonly string[];
  readonly severityMap: string | undefined;
  /** `export --format prometheus-rules`: a Prometheus rule file instead of documents. */
  readonly ruleFile: boolean;
  /** `receivers test NAME…`: the receivers named (empty: those the repository declares). */
  readonly names: readonly string[];
  /** `receivers test --message TEXT`. */
  readonly message: string | undefined;
  /** `plan --backtest`, `backtest`: the window looked at, seconds; undefined: no backtest. */
  readonly backtestWindow: number | undefined;
  /** `plan --live`: the rules whose selectors are checked (`--all`: every rule) and whether findings are errors. */
  readonly liveSeries: { readonly scope: 'changed' | 'all'; readonly asErrors: boolean } | undefined;
}

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

/** An option's value must be a UUID (ids are refused locally rather than sent to come back as a 400). */
function uuid(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (isUuid(raw)) return raw.toLowerCase();
  throw new UsageError(
    `--${name} must be a UUID such as 7f1b2c3d-0000-4000-8000-000000000001, not '${raw.slice(0, 80)}'`,
  );
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  }
  return value;
}

/** A backtest's window, a Prometheus duration from one hour to 30 days (default 7 days). */
function backtestWindow(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_BACKTEST_WINDOW_SECONDS;
  const ms = prometheusMilliseconds(raw.trim());
  if (ms === null || ms < 3_600_000 || ms > 30 * 86_400_000 || ms % 60_000 !== 0) {
    throw new UsageError(
      `--window must be a duration from 1h to 30d in whole minutes, such as 7d or 36h, not '${raw}'`,
    );
  }
  return ms / 1000;
}

function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not '${raw}'`);
}

function nonEmpty(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError(`--${name} needs a value`);
  return raw.trim();
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
    if (topic !== undefined && !(CLI_COMMANDS as readonly string[]).includes(topic)) {
      throw new UsageError(
        `unknown command '${topic}'${didYouMean(topic, CLI_COMMANDS)} (commands: ${CLI_COMMANDS.join(', ')})`,
      );
    }
    return { kind: 'help', command: (topic as CliCommand | undefined) ?? null };
  }
  if (VERSION_WORDS.includes(first)) return { kind: 'version' };
  if (!(CLI_COMMANDS as readonly string[]).includes(first)) {
    const hint = first.startsWith('-') ? 'a command comes first' : `commands: ${CLI_COMMANDS.join(', ')}`;
    const typo = first.startsWith('-') ? '' : didYouMean(first, CLI_COMMANDS);
    throw new UsageError(`unknown command '${first}'${typo} (${hint}; see 'platform-gitops --help')`);
  }
  const command = first as CliCommand;

  let parsed: {
    values: Record<string, string | boolean | (string | boolean)[] | undefined>;
    positionals: string[];
  };
  try {
    parsed = parseArgs({ args: [...rest], options: PARSER_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(optionErrorLine(error, command));
  }
  const values = parsed.values as Values;
  const { positionals } = parsed;
  if (values.help) return { kind: 'help', command };
  if (values.version) return { kind: 'version' };
  if (values.token !== undefined || values['api-token'] !== undefined) {
    throw new UsageError(
      'the token is read from the QOVERY_API_TOKEN environment variable only: an argument would end up in shell history and process lists',
    );
  }
  const allowed = optionsOf(command).map((o) => o.name);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.includes(name)) {
      throw new UsageError(`'${command}' takes no --${name} (see 'platform-gitops ${command} --help')`);
    }
  }
  const ruleFile = command === 'export' && values.format === 'prometheus-rules';
  const takesPaths =
    ['validate', 'plan', 'backtest', 'apply', 'drift', 'import'].includes(command) || ruleFile;
  if (command === 'plan' && values['live-errors'] && !values.live) {
    throw new UsageError("'plan --live-errors' makes the findings of --live errors: give both");
  }
  if (command === 'plan' && values.window !== undefined && !values.backtest) {
    throw new UsageError("'plan --window' is the window of --backtest: give both");
  }
  if (command === 'import' && positionals.length === 0) {
    throw new UsageError("'import' needs the rule files or directories to read: import FILE|DIR… --out DIR");
  }
  if (command === 'init' && positionals.length > 1) {
    throw new UsageError(`'init' takes one directory, got ${positionals.length}`);
  }
  if (command === 'receivers' && positionals[0] !== 'test') {
    const found = positionals[0] === undefined ? 'nothing' : `'${positionals[0]}'`;
    throw new UsageError(`'receivers' takes the action to run first: receivers test [NAME…] (got ${found})`);
  }
  if (!takesPaths && command !== 'init' && command !== 'receivers' && positionals.length > 0) {
    throw new UsageError(`'${command}' takes no paths, got '${positionals[0]}'`);
  }
  if (command === 'logs' && values.cluster === undefined) {
    throw new UsageError("'logs' needs --cluster NAME|ID");
  }
  if (command === 'apply' && values.strict && values.plan === undefined) {
    throw new UsageError("'apply --strict' needs --plan FILE");
  }
  if (command === 'apply' && values.plan !== undefined && (values.prune || values.base !== undefined)) {
    throw new UsageError(
      "'apply --plan' executes the saved plan as it was made: --prune and --base belong to 'plan'",
    );
  }
  if (command === 'apply' && values.plan !== undefined && values['rotate-secrets']) {
    throw new UsageError(
      "'apply --plan' executes the saved plan as it was made: --rotate-secrets belongs to 'plan', which saves it",
    );
  }
  if (command === 'drift' && values.write && values.remediate) {
    throw new UsageError(
      "'drift --write' adopts the drift into the documents and '--remediate' overwrites it: give one",
    );
  }
  if (command === 'drift' && values['adopt-into'] !== undefined && !values.write) {
    throw new UsageError("'drift --adopt-into' is the file of --write: give both");
  }
  if (command === 'export' && values.out === undefined && !ruleFile) {
    throw new UsageError("'export' needs --out DIR");
  }

  const args: CliArgs = {
    command,
    // `receivers test NAME…` takes names, not paths: its documents are read from the root.
    paths: positionals.length > 0 && command !== 'receivers' ? positionals : ['.'],
    format: ruleFile ? 'text' : oneOf('format', values.format, OUTPUT_FORMATS, 'text'),
    apiUrl: nonEmpty('api-url', values['api-url']),
    organizationId: uuid('org', nonEmpty('org', values.org)),
    root: nonEmpty('root', values.root),
    base: nonEmpty('base', values.base),
    ignore: (values.ignore ?? []).map((glob) => nonEmpty('ignore', glob)!),
    allowEmpty: values['allow-empty'] ?? false,
    verbose: values.verbose ?? false,
    concurrency: integer('concurrency', values.concurrency, 4, 1, 16),
    detailedExitcode: values['detailed-exitcode'] ?? false,
    all: values.all ?? false,
    prune: values.prune ?? false,
    rotateSecrets: values['rotate-secrets'] ?? false,
    remediate: values.remediate ?? false,
    write: values.write ?? false,
    adoptInto: nonEmpty('adopt-into', values['adopt-into']),
    failOn: oneOf('fail-on', values['fail-on'], ['error', 'warning'] as const, 'error'),
    // `import` and `logs` take a cluster by name or id, as documents do: each command resolves it.
    clusterId: nonEmpty('cluster', values.cluster),
    entries: integer('entries', values.entries, 50, 1, 1000),
    outDir: nonEmpty('out', values.out),
    planFile: nonEmpty('plan', values.plan),
    strict: values.strict ?? false,
    port: integer('port', values.port, 0, 0, 65535),
    seed: nonEmpty('seed', values.seed),
    color: values['no-color'] ? false : values.color ? true : undefined,
    dryRun: values['dry-run'] ?? false,
    fromOrg: uuid('from-org', nonEmpty('from-org', values['from-org'])),
    pinSha: nonEmpty('pin-sha', values['pin-sha'])?.toLowerCase(),
    target: nonEmpty('target', values.target),
    receivers: values.receiver ?? [],
    severityMap: nonEmpty('severity-map', values['severity-map']),
    ruleFile,
    names: command === 'receivers' ? positionals.slice(1) : [],
    // Only `receivers` takes --message (options.ts): the check above refused it elsewhere.
    message: values.message,
    backtestWindow: command === 'backtest' || values.backtest ? backtestWindow(values.window) : undefined,
    liveSeries: values.live
      ? { scope: values.all ? 'all' : 'changed', asErrors: values['live-errors'] ?? false }
      : undefined,
  };
  return { kind: 'run', args };
}

/** The parsed values, as the option table declares them. */
interface Values {
  readonly [name: string]: string | boolean | string[] | undefined;
  readonly format?: string;
  readonly root?: string;
  readonly ignore?: string[];
  readonly 'allow-empty'?: boolean;
  readonly verbose?: boolean;
  readonly 'detailed-exitcode'?: boolean;
  readonly base?: string;
  readonly all?: boolean;
  readonly prune?: boolean;
  readonly 'rotate-secrets'?: boolean;
  readonly remediate?: boolean;
  readonly write?: boolean;
  readonly 'adopt-into'?: string;
  readonly cluster?: string;
  readonly entries?: string;
  readonly out?: string;
  readonly 'api-url'?: string;
  readonly org?: string;
  readonly concurrency?: string;
  readonly 'fail-on'?: string;
  readonly port?: string;
  readonly seed?: string;
  readonly color?: boolean;
  readonly 'no-color'?: boolean;
  readonly 'dry-run'?: boolean;
  readonly plan?: string;
  readonly strict?: boolean;
  readonly 'from-org'?: string;
  readonly 'pin-sha'?: string;
  readonly target?: string;
  readonly receiver?: string[];
  readonly 'severity-map'?: string;
  readonly message?: string;
  readonly backtest?: boolean;
  readonly live?: boolean;
  readonly 'live-errors'?: boolean;
  readonly window?: string;
  readonly token?: string;
  readonly 'api-token'?: string;
  readonly help?: boolean;
  readonly version?: boolean;
}

export type { OutputFormat };
