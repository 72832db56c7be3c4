import { isUuid } from '../wire.js';
import { SeedError } from './seed-error.js';

/**
 * Reads one seed value with its location, so that every complaint names the file and the field path
 * (`fixtures/sandbox/alert-rules.yaml: alertRules[3].severity: …`). Each accessor throws a SeedError.
 */
export class SeedReader {
  constructor(
    readonly value: unknown,
    readonly file: string,
    readonly path: string,
  ) {}

  fail(message: string): never {
    throw new SeedError(`${this.file}: ${this.path || '(top level)'}: ${message}`);
  }

  /** The value as an object; fails otherwise. */
  object(): Readonly<Record<string, unknown>> {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      this.fail(`expected a mapping, found ${describe(this.value)}`);
    }
    return this.value as Record<string, unknown>;
  }

  field(key: string): SeedReader {
    const record = this.object();
    return new SeedReader(record[key], this.file, this.path ? `${this.path}.${key}` : key);
  }

  has(key: string): boolean {
    const record = this.object();
    return record[key] !== undefined && record[key] !== null;
  }

  items(): SeedReader[] {
    if (!Array.isArray(this.value)) this.fail(`expected a list, found ${describe(this.value)}`);
    return (this.value as unknown[]).map((item, i) => new SeedReader(item, this.file, `${this.path}[${i}]`));
  }

  /** The list's item at `index`, for a complaint about one item. */
  item(index: number): SeedReader {
    const list = this.value;
    return new SeedReader(Array.isArray(list) ? list[index] : undefined, this.file, `${this.path}[${index}]`);
  }

  /** A list that may be absent (empty). */
  optionalItems(): SeedReader[] {
    return this.value === undefined || this.value === null ? [] : this.items();
  }

  string(): string {
    if (typeof this.value !== 'string' || this.value.length === 0) {
      this.fail(`expected a non-empty string, found ${describe(this.value)}`);
    }
    return this.value as string;
  }

  optionalString(): string | null {
    return this.value === undefined || this.value === null ? null : this.string();
  }

  boolean(fallback?: boolean): boolean {
    if (this.value === undefined && fallback !== undefined) return fallback;
    if (typeof this.value !== 'boolean') this.fail(`expected true or false, found ${describe(this.value)}`);
    return this.value as boolean;
  }

  uuid(): string {
    const text = this.string();
    if (!isUuid(text)) this.fail(`expected a uuid, found "${text}"`);
    return text.toLowerCase();
  }

  oneOf<T extends string>(allowed: readonly T[]): T {
    const text = this.string();
    if (!allowed.includes(text as T)) this.fail(`expected one of ${allowed.join(', ')}, found "${text}"`);
    return text as T;
  }

  /** An ISO-8601 timestamp (date-time); kept as written so nanosecond precision survives. */
  timestamp(): string {
    const text = this.string();
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
      this.fail(`expected an RFC 3339 timestamp such as 2026-11-20T10:00:00Z, found "${text}"`);
    }
    return text;
  }

  optionalTimestamp(): string | null {
    return this.value === undefined || this.value === null ? null : this.timestamp();
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
