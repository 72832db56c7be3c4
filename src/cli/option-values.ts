import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import type { CliCommand } from './cli-command.js';
import { takesOption } from './options.js';

/** The values node:util's parseArgs read, by option name, as the option table declares them. */
export type ParsedValues = Readonly<
  Record<string, string | boolean | readonly (string | boolean)[] | undefined>
>;

/**
 * One command's option values, read by name and checked as they are read: each reader names the form the
 * value must have, and refuses any other with a line that names the option. A command's parser asking for
 * an option the table does not give that command is a bug of ours, thrown as one, so that a parser cannot
 * read what the command's help does not list.
 */
export class OptionValues {
  constructor(
    readonly command: CliCommand,
    private readonly values: ParsedValues,
  ) {}

  private value(name: string): ParsedValues[string] {
    if (!takesOption(this.command, name)) {
      throw new Error(
        `the parser of '${this.command}' reads --${name}, which the option table does not give it`,
      );
    }
    return this.values[name];
  }

  /** The option was written, with any value. */
  given(name: string): boolean {
    return this.value(name) !== undefined;
  }

  flag(name: string): boolean {
    return this.value(name) === true;
  }

  /** The value as written, untrimmed (a message's text is the user's own). */
  raw(name: string): string | undefined {
    const value = this.value(name);
    return typeof value === 'string' ? value : undefined;
  }

  /** The value trimmed; an empty one is refused: empty is not a way to say "not given" on a command line. */
  text(name: string): string | undefined {
    return nonEmpty(name, this.raw(name));
  }

  /** Every value of a repeatable option, as written. */
  list(name: string): readonly string[] {
    const value = this.value(name);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  /** Every value of a repeatable option, each trimmed and none empty. */
  texts(name: string): readonly string[] {
    return this.list(name).map((value) => nonEmpty(name, value)!);
  }

  /** An id is refused locally rather than sent to come back as a 400. */
  uuid(name: string): string | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    if (isUuid(raw)) return raw.toLowerCase();
    throw new UsageError(
      `--${name} must be a UUID such as 7f1b2c3d-0000-4000-8000-000000000001, not '${raw.slice(0, 80)}'`,
    );
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${raw}'`);
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not '${raw}'`);
  }
}

function nonEmpty(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new UsageError(`--${name} needs a value`);
  return raw.trim();
}
