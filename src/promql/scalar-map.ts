/**
 * Where each character of a YAML scalar's value sits in the file. The yaml library gives a scalar's value
 * and its source range, not where each character of the value came from; a PromQL position must be mapped
 * through the scalar's form: escapes of double quotes, `''` of single quotes, the indentation of block
 * scalars, and the line folding of plain, quoted and `>` scalars.
 *
 * The mapping is rebuilt from the source and then checked: the characters it yields must be the value the
 * yaml library read. When they are not (a form this mapping does not know, such as an explicit indentation
 * indicator), there is no mapping and the caller points at the scalar's start: never at a wrong place.
 */

/** `offsets[i]` is the file offset of the value's character i; `offsets[value.length]` is its end. */
export type ScalarOffsets = readonly number[];

interface Piece {
  readonly char: string;
  readonly offset: number;
}

/** `source` is the whole file; `start`..`end` the scalar's source range (as yaml's node.range gives it). */
export function mapScalar(source: string, start: number, end: number, value: string): ScalarOffsets | null {
  const raw = source.slice(start, end);
  const pieces = decode(raw);
  if (pieces === null) return null;
  let decoded = pieces.map((p) => p.char).join('');
  const blockForm = raw[0] === '|' || raw[0] === '>';
  // Chomping (`|-`, `|+`) only changes trailing line breaks, which hold no query text.
  if (blockForm) decoded = decoded.replace(/\n*$/, '');
  if (decoded !== (blockForm ? value.replace(/\n*$/, '') : value)) return null;
  const offsets = pieces.slice(0, decoded.length).map((p) => start + p.offset);
  const lastEnd = offsets.length > 0 ? offsets[offsets.length - 1]! + 1 : start;
  for (let i = offsets.length; i <= value.length; i++) offsets.push(lastEnd);
  return offsets;
}

function decode(raw: string): Piece[] | null {
  switch (raw[0]) {
    case '"':
      return flowLines(raw, 1, closingQuote(raw, '"'), decodeDoubleLine);
    case "'":
      return flowLines(raw, 1, closingQuote(raw, "'"), decodeSingleLine);
    case '|':
    case '>':
      return blockLines(raw);
    default:
      return flowLines(raw, 0, raw.length, decodePlainLine);
  }
}

function closingQuote(raw: string, quote: string): number {
  return raw.length >= 2 && raw[raw.length - 1] === quote ? raw.length - 1 : raw.length;
}

interface Line {
  readonly text: string;
  readonly offset: number;
  /** The offset of the line break that ends this line. */
  readonly breakAt: number;
}

function splitLines(raw: string, from: number, to: number): Line[] {
  const lines: Line[] = [];
  let offset = from;
  while (offset <= to) {
    const newline = raw.indexOf('\n', offset);
    const lineEnd = newline === -1 || newline > to ? to : newline;
    const textEnd = lineEnd > offset && raw[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    lines.push({ text: raw.slice(offset, textEnd), offset, breakAt: textEnd });
    offset = lineEnd + 1;
  }
  return lines;
}

type LineDecoder = (text: string, base: number) => { pieces: Piece[]; escapedBreak: boolean };

/**
 * Plain and quoted scalars: each line is trimmed (the first at its end, the last at its start), a single
 * line break between two lines becomes a space, and n empty lines become n line feeds.
 */
function flowLines(raw: string, from: number, to: number, decodeLine: LineDecoder): Piece[] | null {
  const lines = splitLines(raw, from, to);
  const out: Piece[] = [];
  let pendingBreak: number | null = null;
  let emptyLines = 0;
  let joinWithoutSpace = false;
  for (const [index, line] of lines.entries()) {
    const first = index === 0;
    const last = index === lines.length - 1;
    const leading = first ? 0 : line.text.length - line.text.trimStart().length;
    let text = line.text.slice(leading);
    if (!last) text = trimEndUnescaped(text);
    if (!first && !last && text.length === 0) {
      emptyLines++;
      continue;
    }
    if (pendingBreak !== null) {
      if (emptyLines > 0) for (let i = 0; i < emptyLines; i++) out.push({ char: '\n', offset: pendingBreak });
      else if (!joinWithoutSpace) out.push({ char: ' ', offset: pendingBreak });
    }
    const decoded = decodeLine(text, line.offset + leading);
    out.push(...decoded.pieces);
    joinWithoutSpace = decoded.escapedBreak;
    pendingBreak = line.breakAt;
    emptyLines = 0;
  }
  return out;
}

/** Trailing blanks before a line break are dropped, except an escaped one (`\ ` in double quotes). */
function trimEndUnescaped(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t') && text[end - 2] !== '\\') end--;
  return text.slice(0, end);
}

function decodePlainLine(text: string, base: number): { pieces: Piece[]; escapedBreak: boolean } {
  // By UTF-16 unit, not by code point: offsets count units, as the yaml library does.
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length; i++) pieces.push({ char: text[i]!, offset: base + i });
  return { pieces, escapedBreak: false };
}

function decodeSingleLine(text: string, base: number): { pieces: Piece[]; escapedBreak: boolean } {
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length; i++) {
    pieces.push({ char: text[i]!, offset: base + i });
    if (text[i] === "'" && text[i + 1] === "'") i++;
  }
  return { pieces, escapedBreak: false };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

function decodeDoubleLine(text: string, base: number): { pieces: Piece[]; escapedBreak: boolean } {
  const pieces: Piece[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\') {
      pieces.push({ char: c, offset: base + i });
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return { pieces, escapedBreak: true };
    const width = HEX_ESCAPES[next];
    if (width !== undefined) {
      const code = Number.parseInt(text.slice(i + 2, i + 2 + width), 16);
      // One piece per UTF-16 unit, so that value offsets and pieces stay in step.
      for (const char of String.fromCodePoint(Number.isNaN(code) ? 0xfffd : code).split('')) {
        pieces.push({ char, offset: base + i });
      }
      i += 1 + width;
    } else {
      pieces.push({ char: SIMPLE_ESCAPES[next] ?? next, offset: base + i });
      i++;
    }
  }
  return { pieces, escapedBreak: false };
}

/**
 * `|` and `>` scalars: the header line, then content lines less their indentation (that of the first
 * non-empty line). `|` keeps line breaks; `>` folds a break between two lines of normal text into a
 * space, and keeps those next to more-indented lines. An explicit indentation indicator (`|2`) is not
 * mapped: the check of the rebuilt value then fails and the caller falls back to the scalar's start.
 */
function blockLines(raw: string): Piece[] | null {
  const headerEnd = raw.indexOf('\n');
  if (headerEnd === -1) return [];
  if (/\d/.test(raw.slice(0, headerEnd).replace(/#.*$/, ''))) return null;
  const folded = raw[0] === '>';
  const lines = splitLines(raw, headerEnd + 1, raw.length);
  const firstText = lines.find((l) => l.text.trim().length > 0);
  if (!firstText) return [];
  const indent = firstText.text.length - firstText.text.trimStart().length;
  const out: Piece[] = [];
  let previous: { breakAt: number; moreIndented: boolean } | null = null;
  let emptyLines: number[] = [];
  for (const line of lines) {
    if (line.text.trim().length === 0) {
      if (previous !== null) emptyLines.push(line.breakAt);
      continue;
    }
    const content = line.text.slice(indent);
    const moreIndented = content[0] === ' ' || content[0] === '\t';
    if (previous !== null) {
      if (!folded || previous.moreIndented || moreIndented) {
        out.push({ char: '\n', offset: previous.breakAt });
        for (const at of emptyLines) out.push({ char: '\n', offset: at });
      } else if (emptyLines.length > 0) {
        for (const at of emptyLines) out.push({ char: '\n', offset: at });
      } else {
        out.push({ char: ' ', offset: previous.breakAt });
      }
    }
    for (let i = 0; i < content.length; i++)
      out.push({ char: content[i]!, offset: line.offset + indent + i });
    previous = { breakAt: line.breakAt, moreIndented };
    emptyLines = [];
  }
  return out;
}
