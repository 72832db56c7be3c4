/**
 * Markdown written against a size budget, for every place GitHub limits: the job summary (1 MiB per step,
 * in UTF-8 bytes), comments and issues (65,536 characters), Checks run text. Everything is added as whole
 * blocks or whole table rows, so a cut never lands inside a fence, a table or a <details> section, and
 * what did not fit is counted and said at the end.
 */
import { plural } from '../core/plural.js';
import { sliceChars, utf8Bytes } from './escape.js';

/**
 * What is left of one byte budget shared by parts written one after the other (the job summary, then the
 * cluster logs under it): each part is given what is left, minus what later parts are promised.
 */
export class ByteBudget {
  #left: number;

  constructor(totalBytes: number) {
    this.#left = totalBytes;
  }

  /** Bytes still free, keeping `reserved` of them for the parts that come later. */
  left(reserved = 0): number {
    return Math.max(0, this.#left - reserved);
  }

  /** Counts `text` as written and returns it. */
  spend(text: string): string {
    this.#left -= utf8Bytes(text);
    return text;
  }
}

/**
 * A unit of Markdown that can be cut only between its rows: `open` (a heading, a table header, a
 * `<details><summary>` line with its table header) and `close` (`</details>`) are always kept together.
 * A block with no rows is kept whole or left out whole.
 */
export interface Block {
  readonly open: string;
  /** Rows joined by a newline; a row of another kind than `rowNoun` (a change among findings) says its own. */
  readonly rows: readonly (string | BlockRow)[];
  readonly close?: string;
  /** What one row stands for, for the "left out" line (e.g. "finding", "change"). Default "row". */
  readonly rowNoun?: string;
}

export interface BlockRow {
  readonly text: string;
  readonly noun: string;
}

const rowText = (row: string | BlockRow): string => (typeof row === 'string' ? row : row.text);

export interface FitResult {
  readonly markdown: string;
  /** Rows not shown, by noun; empty when everything fit. */
  readonly omitted: ReadonlyMap<string, number>;
}

/** Reserved for the closing "left out" line; generous so that the line always fits. */
const OMISSION_RESERVE = 600;

/**
 * Joins blocks (separated by blank lines) within `limit` as measured by `measure` (UTF-8 bytes for the job
 * summary, characters for comments). When something does not fit, it stops at a row boundary, closes the
 * open block, and appends one line saying what was left out and where to find it.
 */
export function fitBlocks(
  blocks: readonly Block[],
  limit: number,
  measure: (text: string) => number,
  whereToFind: string,
): FitResult {
  const whole = blocks.map(renderBlock).join('\n\n');
  if (measure(whole) <= limit) return { markdown: whole, omitted: new Map() };

  const budget = limit - OMISSION_RESERVE;
  const parts: string[] = [];
  let used = 0;
  const omitted = new Map<string, number>();
  const omit = (noun: string, count: number) => {
    if (count > 0) omitted.set(noun, (omitted.get(noun) ?? 0) + count);
  };
  let full = false;
  for (const block of blocks) {
    const noun = block.rowNoun ?? 'row';
    const separator = parts.length > 0 ? 2 : 0;
    const close = block.close ? `\n${block.close}` : '';
    const frame = separator + measure(block.open) + measure(close);
    if (full || used + frame > budget) {
      full = true;
      if (block.rows.length === 0) omit(block.rowNoun ?? 'section', 1);
      for (const row of block.rows) omit(typeof row === 'string' ? noun : row.noun, 1);
      continue;
    }
    let text = block.open;
    let taken = 0;
    let size = frame;
    for (const row of block.rows) {
      const rowSize = measure(rowText(row)) + 1;
      if (used + size + rowSize > budget) break;
      text += `\n${rowText(row)}`;
      size += rowSize;
      taken += 1;
    }
    if (taken < block.rows.length) {
      full = true;
      for (const row of block.rows.slice(taken)) omit(typeof row === 'string' ? noun : row.noun, 1);
    }
    parts.push(text + close);
    used += size;
  }
  const markdown = [...parts, omissionLine(omitted, whereToFind)].join('\n\n');
  return { markdown, omitted };
}

function renderBlock(block: Block): string {
  const body = [block.open, ...block.rows.map(rowText)].join('\n');
  return block.close ? `${body}\n${block.close}` : body;
}

function omissionLine(omitted: ReadonlyMap<string, number>, whereToFind: string): string {
  const what = [...omitted].map(([noun, n]) => plural(n, noun)).join(', ');
  return `> **Cut to fit GitHub's size limit:** ${what} left out. ${sliceChars(whereToFind, 300)}`;
}

/** Options of `BoundedMarkdown.table`. */
export interface TableOptions {
  /** Which rows to keep when not all fit: the first (`head`) or the last (`tail`, e.g. the newest entries). */
  readonly keep: 'head' | 'tail';
  /** What a row is, for the note on what was cut ("entries of cluster …"). */
  readonly what: string;
  /** Wraps the table, e.g. in <details>; opened and closed together or not at all. */
  readonly open?: string;
  readonly close?: string;
}

const bytes = utf8Bytes;

/** Room kept for the closing note, so that it always fits. */
const NOTE_RESERVE = 2048;

export class BoundedMarkdown {
  readonly #limit: number;
  readonly #parts: string[] = [];
  #used = 0;
  readonly #omitted: string[] = [];

  constructor(maxBytes: number) {
    this.#limit = Math.max(0, maxBytes - NOTE_RESERVE);
  }

  #fits(size: number): boolean {
    return this.#used + size <= this.#limit;
  }

  #push(text: string, size = bytes(text)): void {
    this.#parts.push(text);
    this.#used += size;
  }

  /** Adds a whole block (followed by a blank line) or, when it does not fit, records `what` as left out. */
  block(text: string, what: string): boolean {
    const chunk = `${text}\n\n`;
    const size = bytes(chunk);
    if (this.#fits(size)) {
      this.#push(chunk, size);
      return true;
    }
    this.#omitted.push(what);
    return false;
  }

  /** Adds as many whole rows as fit (with the header); records how many were left out. */
  table(header: readonly string[], rows: readonly string[], options: TableOptions): number {
    const head = `${options.open ?? ''}${header.join('\n')}\n`;
    const tail = `${options.close ?? ''}\n`;
    let size = bytes(head) + bytes(tail);
    const sizes = rows.map((row) => bytes(row) + 1);
    const order = options.keep === 'tail' ? [...sizes.keys()].reverse() : [...sizes.keys()];
    const kept = new Set<number>();
    for (const index of order) {
      if (!this.#fits(size + sizes[index]!)) break;
      size += sizes[index]!;
      kept.add(index);
    }
    const omitted = rows.length - kept.size;
    if (kept.size === 0) {
      if (rows.length > 0) this.#omitted.push(`${rows.length} ${options.what}`);
      return rows.length;
    }
    const body = rows.filter((_, index) => kept.has(index)).join('\n');
    this.#push(`${head}${body}\n${tail}`, size);
    if (omitted > 0) {
      const which = options.keep === 'tail' ? 'oldest' : 'last';
      this.#omitted.push(`the ${which} ${omitted} of ${rows.length} ${options.what}`);
    }
    return omitted;
  }

  /** Everything added, then one note naming what was left out to stay within the limit. */
  toString(): string {
    const text = this.#parts.join('');
    if (this.#omitted.length === 0) return text;
    const shown = this.#omitted.slice(0, 10).join('; ');
    const more = this.#omitted.length > 10 ? `; and ${this.#omitted.length - 10} more parts` : '';
    let note = `> [!NOTE]\n> Cut to stay within the summary's size limit: left out ${shown}${more}.\n`;
    if (bytes(note) > NOTE_RESERVE) note = `> [!NOTE]\n> Cut to stay within the summary's size limit.\n`;
    return `${text}${note}`;
  }
}
