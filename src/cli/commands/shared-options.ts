/**
 * The parts of a command's options that several commands share, each read the one way. Every command's
 * parser reads its values in one order (the output's form, the service, the documents, then its own), so
 * that of two bad values on one line the same one is reported, whichever command it is.
 */
import { UsageError } from '../../core/usage-error.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../../run/types.js';
import type { OptionValues } from '../option-values.js';

/** Writes and resolutions in flight at once when `--concurrency` is not given. */
export const DEFAULT_CONCURRENCY = 4;

/** How the run is shown: `--format`, and `--color`/`--no-color` (undefined: as the terminal and NO_COLOR say). */
export interface ShownAs {
  readonly format: OutputFormat;
  readonly color: boolean | undefined;
}

/** The service: its address (`--api-url`, else the environment's) and the organization (`--org`). */
export interface ServiceCliOptions {
  readonly apiUrl: string | undefined;
  readonly organizationId: string | undefined;
}

/** The documents a command reads, and which of their findings fail the run. */
export interface DocumentsCliOptions {
  /** What was given, or `.`: never empty. */
  readonly paths: readonly string[];
  readonly root: string | undefined;
  readonly ignore: readonly string[];
  readonly allowEmpty: boolean;
  /** Also list the YAML files skipped because they hold no documents of ours. */
  readonly verbose: boolean;
  readonly failOn: 'error' | 'warning';
}

/** The documents planned against the service: what plan, backtest, apply and drift share. */
export interface PlanningCliOptions extends ShownAs, ServiceCliOptions, DocumentsCliOptions {
  readonly concurrency: number;
}

/** A command that compares with the revision last applied (`--base REV`). */
export interface BaseCliOptions {
  readonly base: string | undefined;
}

export function shownAs(values: OptionValues): ShownAs {
  return { format: values.oneOf('format', OUTPUT_FORMATS, 'text'), color: colorOf(values) };
}

/** `--no-color` wins over `--color`. */
export function colorOf(values: OptionValues): boolean | undefined {
  if (values.flag('no-color')) return false;
  return values.flag('color') ? true : undefined;
}

export function serviceOptions(values: OptionValues): ServiceCliOptions {
  return { apiUrl: values.text('api-url'), organizationId: values.uuid('org') };
}

/** The paths given, or the current directory. */
export function pathsOf(positionals: readonly string[]): readonly string[] {
  return positionals.length > 0 ? positionals : ['.'];
}

export function documentsOptions(values: OptionValues, positionals: readonly string[]): DocumentsCliOptions {
  return {
    paths: pathsOf(positionals),
    root: values.text('root'),
    ignore: values.texts('ignore'),
    allowEmpty: values.flag('allow-empty'),
    verbose: values.flag('verbose'),
    failOn: failOnOf(values),
  };
}

/**
 * The options every planning command takes, with the `--base` all four accept (apply refuses it beside
 * --plan), but for `--fail-on`: each command reads it itself (`failOnOf`), after the options it reads
 * before it.
 */
export function planningOptions(
  values: OptionValues,
  positionals: readonly string[],
): Omit<PlanningCliOptions, 'failOn'> & BaseCliOptions {
  const shown = shownAs(values);
  const service = serviceOptions(values);
  const root = values.text('root');
  const base = values.text('base');
  const ignore = values.texts('ignore');
  return {
    ...shown,
    ...service,
    paths: pathsOf(positionals),
    root,
    base,
    ignore,
    allowEmpty: values.flag('allow-empty'),
    verbose: values.flag('verbose'),
    concurrency: values.integer('concurrency', DEFAULT_CONCURRENCY, 1, 16),
  };
}

export function failOnOf(values: OptionValues): 'error' | 'warning' {
  return values.oneOf('fail-on', ['error', 'warning'] as const, 'error');
}

/** A command that reads no paths refuses any it is given, rather than ignoring them. */
export function refusePaths(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`'${command}' takes no paths, got '${positionals[0]}'`);
}
