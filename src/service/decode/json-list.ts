/**
 * A JSON object answer with one long array member, read from its bytes without turning the whole answer
 * into one string and one tree. An organization's rule list is about 810 bytes a rule (81 MB for 100 000
 * rules): as one string, its parsed tree and the decoded rules side by side it took most of a plan's
 * memory. Here the scan finds where each item of the array begins and ends; an item is parsed (by
 * JSON.parse, which checks it as strictly as ever) only when the decoder asks for it, so a raw item lives
 * only while it is decoded. The other members are parsed as usual.
 *
 * Nothing is accepted that JSON.parse of the whole body would refuse: the scan checks the object's own
 * structure (braces, member names, colons, commas) and JSON.parse checks every value it delimits.
 */

/** The body (or a part of it) is not JSON. */
export class NotJsonError extends Error {
  override readonly name = 'NotJsonError';
}

/** The items of the long array, each parsed when it is read. */
export class JsonItems {
  readonly #bytes: Buffer;
  /** Start and end offset of each item, in order. */
  readonly #bounds: readonly number[];

  constructor(bytes: Buffer, bounds: readonly number[]) {
    this.#bytes = bytes;
    this.#bounds = bounds;
  }

  get length(): number {
    return this.#bounds.length / 2;
  }

  /** The item at `index`, parsed now; a NotJsonError when it is not JSON. */
  at(index: number): unknown {
    return parseJson(this.#bytes.toString('utf8', this.#bounds[2 * index], this.#bounds[2 * index + 1]));
  }
}

/**
 * The answer with its member `listKey` as JsonItems when that member is an array; any other shape is
 * parsed whole, as JSON.parse would (the decoder then says what is wrong with it). Throws NotJsonError.
 */
export function readListAnswer(bytes: Buffer, listKey: string): unknown {
  const start = skipSpace(bytes, 0);
  if (bytes[start] !== OPEN_BRACE) return parseJson(bytes.toString('utf8'));
  const members: Record<string, unknown> = {};
  let at = skipSpace(bytes, start + 1);
  if (bytes[at] === CLOSE_BRACE) return finish(bytes, at + 1, members);
  for (;;) {
    if (bytes[at] !== QUOTE) throw notJson();
    const nameEnd = stringEnd(bytes, at);
    const name = parseJson(bytes.toString('utf8', at, nameEnd)) as string;
    at = skipSpace(bytes, nameEnd);
    if (bytes[at] !== COLON) throw notJson();
    at = skipSpace(bytes, at + 1);
    if (name === listKey && bytes[at] === OPEN_BRACKET) {
      const bounds: number[] = [];
      at = arrayItems(bytes, at, bounds);
      define(members, name, new JsonItems(bytes, bounds));
    } else {
      const end = valueEnd(bytes, at);
      define(members, name, parseJson(bytes.toString('utf8', at, end)));
      at = end;
    }
    at = skipSpace(bytes, at);
    if (bytes[at] === CLOSE_BRACE) return finish(bytes, at + 1, members);
    if (bytes[at] !== COMMA) throw notJson();
    at = skipSpace(bytes, at + 1);
  }
}

function finish(bytes: Buffer, end: number, members: Record<string, unknown>): Record<string, unknown> {
  if (skipSpace(bytes, end) !== bytes.length) throw notJson();
  return members;
}

/**
 * A member as JSON.parse makes it: an own property even when named __proto__, and a name written twice
 * keeps its first place and its last value.
 */
function define(members: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(members, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Records each item's [start, end) of the array opening at `at`; returns the offset after its `]`. */
function arrayItems(bytes: Buffer, at: number, bounds: number[]): number {
  let i = skipSpace(bytes, at + 1);
  if (bytes[i] === CLOSE_BRACKET) return i + 1;
  for (;;) {
    const end = valueEnd(bytes, i);
    bounds.push(i, end);
    i = skipSpace(bytes, end);
    if (bytes[i] === CLOSE_BRACKET) return i + 1;
    if (bytes[i] !== COMMA) throw notJson();
    i = skipSpace(bytes, i + 1);
  }
}

/**
 * Where the value starting at `at` ends. Only its extent is found here (strings skipped, brackets of
 * either kind counted); whether it is well formed is JSON.parse's to say when it is parsed.
 */
function valueEnd(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return scalarEnd(bytes, at);
  let depth = 0;
  let i = at;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = stringEnd(bytes, i);
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  throw notJson();
}

/** The offset after the closing quote of the string opening at `at`. */
function stringEnd(bytes: Buffer, at: number): number {
  let quote = bytes.indexOf(QUOTE, at + 1);
  for (;;) {
    if (quote === -1) throw notJson();
    // A quote preceded by an odd number of backslashes is escaped.
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
}

/** A number, true, false or null: it runs to the next delimiter. */
function scalarEnd(bytes: Buffer, at: number): number {
  let i = at;
  while (i < bytes.length && !isDelimiter(bytes[i]!)) i++;
  if (i === at) throw notJson();
  return i;
}

function skipSpace(bytes: Buffer, at: number): number {
  let i = at;
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  return i;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
}

function notJson(): NotJsonError {
  return new NotJsonError('the body is not JSON');
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function isDelimiter(byte: number): boolean {
  return isSpace(byte) || byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET;
}
