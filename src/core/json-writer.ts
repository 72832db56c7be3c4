/**
 * JSON text written in pieces as it is made, every string and key passed through `redact` on the way:
 * the same text as `JSON.stringify(redacted copy, null, 2)` without the copy and without the whole text.
 * A plan of 100,000 rules is some 80 MB of JSON; built whole, deep-copied to redact it and stringified,
 * the output alone held it three times over (docs/decisions/plan-at-scale.md, "The output").
 *
 * Pieces end at a line's end, about CHUNK_CHARS long, so that a boundary that works line by line
 * (core/printable.ts safeOutput) gives the same text piece by piece as whole.
 */
const CHUNK_CHARS = 64 * 1024;

export interface JsonWriterOptions {
  /** Applied to every string value and every key. */
  readonly redact: (text: string) => string;
  /** Called with each piece, in order; the pieces joined are the whole text, ending with a line break. */
  readonly write: (piece: string) => void;
}

export function writeJson(value: unknown, { redact, write }: JsonWriterOptions): void {
  let parts: string[] = [];
  let size = 0;
  const push = (text: string) => {
    parts.push(text);
    size += text.length;
  };
  // Called only after a line break was pushed: a piece is never empty.
  const flush = () => {
    write(parts.join(''));
    parts = [];
    size = 0;
  };
  // A line break, and the end of a piece when it has grown long enough; then the next line's indent.
  const newLine = (indent: string) => {
    push('\n');
    if (size >= CHUNK_CHARS) flush();
    push(indent);
  };
  // The objects and arrays being written, to refuse a cycle as JSON.stringify does.
  const open = new Set<object>();

  const item = (raw: unknown, key: string, indent: string): void => {
    const value = toJsonValue(raw, key);
    if (typeof value === 'string') push(JSON.stringify(redact(value)));
    else if (value === null || typeof value !== 'object') push(scalar(value));
    else {
      if (open.has(value)) throw new TypeError('Converting circular structure to JSON');
      open.add(value);
      if (Array.isArray(value)) array(value, indent);
      else object(value as Record<string, unknown>, indent);
      open.delete(value);
    }
  };
  const array = (values: readonly unknown[], indent: string) => {
    if (values.length === 0) return push('[]');
    const inner = `${indent}  `;
    push('[');
    values.forEach((value, i) => {
      if (i > 0) push(',');
      newLine(inner);
      // Inside an array, what JSON has no form for is null.
      if (omitted(toJsonValue(value, String(i)))) push('null');
      else item(value, String(i), inner);
    });
    newLine(indent);
    push(']');
  };
  const object = (record: Record<string, unknown>, indent: string) => {
    const entries = redactedEntries(record, redact);
    if (entries.length === 0) return push('{}');
    const inner = `${indent}  `;
    push('{');
    entries.forEach(([shown, key], i) => {
      if (i > 0) push(',');
      newLine(inner);
      push(`${JSON.stringify(shown)}: `);
      item(record[key], key, inner);
    });
    newLine(indent);
    push('}');
  };

  item(value, '', '');
  push('\n');
  flush();
}

/** What JSON.stringify writes for a value: its toJSON() when it has one (a Date), else itself. */
function toJsonValue(value: unknown, key: string): unknown {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  return value;
}

/** Values JSON has no form for: a key holding one is left out, an array's item is written null. */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * A number, a boolean or null as JSON.stringify writes it (a non-finite number as null; a bigint throws);
 * a whole value JSON has no form for (undefined) as null, so that the text is still one JSON value.
 */
function scalar(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/**
 * The keys written, each [as shown, as held], in their order. Two keys that redact to the same text are
 * one key, at the first one's place with the last one's value, as an object built from the redacted keys
 * would hold them: a JSON object never repeats a key.
 */
function redactedEntries(
  record: Record<string, unknown>,
  redact: (text: string) => string,
): (readonly [string, string])[] {
  const keys = Object.keys(record).filter((key) => !omitted(toJsonValue(record[key], key)));
  const shown = keys.map(redact);
  if (new Set(shown).size === shown.length) return keys.map((key, i) => [shown[i]!, key] as const);
  return [...new Map(keys.map((key, i) => [shown[i]!, key] as const))];
}
