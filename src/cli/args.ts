import { parseArgs } from 'node:util';
import { OUTPUT_FORMATS, type OutputFormat } from '../commands/types.js';
import { UsageError } from '../core/errors.js';

/** The commands of the command line (DESIGN "Contracts"), plus `demo`, the README's quick start. */
export const CLI_COMMANDS = [
  'validate',
  'plan',
  'apply',
  'drift',
  'logs',
  'export',
  'sandbox',
  'demo',
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
  readonly head: string | undefined;
  readonly concurrency: number;
  readonly detailedExitcode: boolean;
  readonly all: boolean;
  readonly prune: boolean;
  readonly remediate: boolean;
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
}

export type ParsedCommandLine =
  | { readonly kind: 'run'; readonly args: CliArgs }
  | { readonly kind: 'help'; readonly command: CliCommand | null }
  | { readonly kind: 'version' };

const COMMON = ['format', 'api-url', 'org', 'root', 'concurrency', 'fail-on', 'color', 'no-color'] as const;

/** Which options each command takes; anything else is refused with one line naming the option. */
const OPTIONS_BY_COMMAND: Readonly<Record<CliCommand, readonly string[]>> = {
  validate: ['format', 'root', 'fail-on', 'color', 'no-color'],
  plan: [...COMMON, 'detailed-exitcode', 'base', 'head', 'all', 'out'],
  apply: [...COMMON, 'base', 'head', 'prune', 'all', 'plan', 'strict'],
  drift: [...COMMON, 'remediate', 'base', 'head'],
  logs: ['format', 'api-url', 'org', 'cluster', 'entries', 'color', 'no-color'],
  export: ['format', 'api-url', 'org', 'out', 'root', 'color', 'no-color'],
  sandbox: ['port', 'seed'],
  demo: ['color', 'no-color'],
};

const OPTION_TYPES = {
  format: { type: 'string' },
  'api-url': { type: 'string' },
  org: { type: 'string' },
  root: { type: 'string' },
  base: { type: 'string' },
  head: { type: 'string' },
  concurrency: { type: 'string' },
  'fail-on': { type: 'string' },
  'detailed-exitcode': { type: 'boolean' },
  all: { type: 'boolean' },
  prune: { type: 'boolean' },
  remediate: { type: 'boolean' },
  plan: { type: 'string' },
  strict: { type: 'boolean' },
  cluster: { type: 'string' },
  entries: { type: 'string' },
  out: { type: 'string' },
  port: { type: 'string' },
  seed: { type: 'string' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  // Accepted only to refuse them with a clear reason, never used.
  token: { type: 'string' },
  'api-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
  }
  return value;
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
  return `unknown option '${option}' for '${command}' (${help})`;
}

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined && !(CLI_COMMANDS as readonly string[]).includes(topic)) {
      throw new UsageError(`unknown command '${topic}' (commands: ${CLI_COMMANDS.join(', ')})`);
    }
    return { kind: 'help', command: (topic as CliCommand | undefined) ?? null };
  }
  if (first === '--version' || first === '-V') return { kind: 'version' };
  if (!(CLI_COMMANDS as readonly string[]).includes(first)) {
    const hint = first.startsWith('-') ? 'a command comes first' : `commands: ${CLI_COMMANDS.join(', ')}`;
    throw new UsageError(`unknown command '${first}' (${hint}; see 'platform-gitops --help')`);
  }
  const command = first as CliCommand;

  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTION_TYPES; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...rest], options: OPTION_TYPES, allowPositionals: true, strict: true });
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
  const allowed = OPTIONS_BY_COMMAND[command];
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.includes(name)) {
      throw new UsageError(`'${command}' takes no --${name} (see 'platform-gitops ${command} --help')`);
    }
  }
  const takesPaths = ['validate', 'plan', 'apply', 'drift'].includes(command);
  if (!takesPaths && positionals.length > 0) {
    throw new UsageError(`'${command}' takes no paths, got '${positionals[0]}'`);
  }
  if (command === 'logs' && values.cluster === undefined) {
    throw new UsageError("'logs' needs --cluster ID");
  }
  if (command === 'apply' && values.strict && values.plan === undefined) {
    throw new UsageError("'apply --strict' needs --plan FILE");
  }
  if (command === 'apply' && values.plan !== undefined && (values.prune || values.base !== undefined)) {
    throw new UsageError(
      "'apply --plan' executes the saved plan as it was made: --prune and --base belong to 'plan'",
    );
  }
  if (command === 'export' && values.out === undefined) {
    throw new UsageError("'export' needs --out DIR");
  }

  const args: CliArgs = {
    command,
    paths: positionals.length > 0 ? positionals : ['.'],
    format: oneOf('format', values.format, OUTPUT_FORMATS, 'text'),
    apiUrl: nonEmpty('api-url', values['api-url']),
    organizationId: nonEmpty('org', values.org),
    root: nonEmpty('root', values.root),
    base: nonEmpty('base', values.base),
    head: nonEmpty('head', values.head),
    concurrency: integer('concurrency', values.concurrency, 4, 1, 16),
    detailedExitcode: values['detailed-exitcode'] ?? false,
    all: values.all ?? false,
    prune: values.prune ?? false,
    remediate: values.remediate ?? false,
    failOn: oneOf('fail-on', values['fail-on'], ['error', 'warning'] as const, 'error'),
    clusterId: nonEmpty('cluster', values.cluster),
    entries: integer('entries', values.entries, 50, 1, 1000),
    outDir: nonEmpty('out', values.out),
    planFile: nonEmpty('plan', values.plan),
    strict: values.strict ?? false,
    port: integer('port', values.port, 0, 0, 65535),
    seed: nonEmpty('seed', values.seed),
    color: values['no-color'] ? false : values.color ? true : undefined,
  };
  return { kind: 'run', args };
}

export type { OutputFormat };
