/**
 * Markdown written against a byte budget (the job summary takes at most 1 MiB per step, counted in UTF-8).
 * Everything is added as whole blocks or whole table rows, so a cut never lands inside a fence, a table
 * or a <details> section; what did not fit is counted and said at the end.
 */
export interface TableOptions {
  /** Which rows to keep when not all fit: the first (`head`) or the last (`tail`, e.g. the newest entries). */
  readonly keep: 'head' | 'tail';
  /** What a row is, for the note on what was cut ("entries of cluster …"). */
  readonly what: string;
  /** Wraps the table, e.g. in <details>; opened and closed together or not at all. */
  readonly open?: string;
  readonly close?: string;
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

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
