/**
 * Markdown building blocks shared by the summary, the pull-request comment, the Checks run and the drift
 * issue: escaping of untrusted text, and truncation that keeps the Markdown valid (never inside a table row,
 * a <details> element or a code fence) and says what was left out.
 */

/** Longest text kept in one table cell; longer values are cut and say so. */
export const MAX_CELL_CHARS = 1000;

/**
 * Escapes text for a table cell or a paragraph. HTML-significant characters are escaped too, so that a
 * message containing `</details>` or `<!--` cannot break the structure around it.
 */
export function escapeMarkdown(text: string, maxChars = MAX_CELL_CHARS): string {
  const cut = text.length > maxChars ? `${sliceChars(text, maxChars)} …(cut)` : text;
  return cut
    .replace(/\r\n?|\n/g, ' ')
    .replace(/[\\`*_[\]|#~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * A finding's message for a table cell or paragraph: the message is escaped like any untrusted text, except
 * that its `code spans` (how our messages and the service's quote keys and values) stay code, so that a
 * reader sees `clusterInputs.s3BucketName` rather than backslashes and stray backticks.
 */
export function messageMarkdown(text: string, maxChars = MAX_CELL_CHARS): string {
  const cut = text.length > maxChars ? `${sliceChars(text, maxChars)} …(cut)` : text;
  const parts: string[] = [];
  let last = 0;
  for (const match of cut.matchAll(/`([^`\r\n]{1,300})`/g)) {
    parts.push(escapeMarkdown(cut.slice(last, match.index), Number.POSITIVE_INFINITY));
    parts.push(inlineCode(match[1]!, 300));
    last = match.index + match[0].length;
  }
  parts.push(escapeMarkdown(cut.slice(last), Number.POSITIVE_INFINITY));
  return parts.join('');
}

/** Inline code that survives any content: a fence one backtick longer than the longest run inside. */
export function inlineCode(text: string, maxChars = 200): string {
  const cut = text.length > maxChars ? `${sliceChars(text, maxChars)}…` : text;
  const flat = cut.replace(/\r\n?|\n/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Code inside HTML, such as a `<summary>` line, where GitHub does not read Markdown: a `<code>` element
 * with the text HTML-escaped.
 */
export function htmlCode(text: string, maxChars = 200): string {
  const cut = text.length > maxChars ? `${sliceChars(text, maxChars)}…` : text;
  const escaped = cut
    .replace(/\r\n?|\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return `<code>${escaped}</code>`;
}

/** A table row from already-escaped cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** Header and separator lines of a table. */
export function tableHead(headers: readonly string[]): string {
  return `${tableRow(headers)}\n${tableRow(headers.map(() => '---'))}`;
}

/** Cuts at a code-point boundary: never half a surrogate pair. */
export function sliceChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, cut between characters. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  let end = Math.max(0, maxBytes);
  // Back up to the first byte of a character (continuation bytes are 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * A unit of Markdown that can be cut only between its rows: `open` (a heading, a table header, a
 * `<details><summary>` line with its table header) and `close` (`</details>`) are always kept together.
 * A block with no rows is kept whole or left out whole.
 */
export interface Block {
  readonly open: string;
  readonly rows: readonly string[];
  readonly close?: string;
  /** What one row stands for, for the "left out" line (e.g. "finding", "change"). Default "row". */
  readonly rowNoun?: string;
}

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
      omit(block.rows.length > 0 ? noun : 'section', Math.max(1, block.rows.length));
      continue;
    }
    let text = block.open;
    let taken = 0;
    let size = frame;
    for (const row of block.rows) {
      const rowSize = measure(row) + 1;
      if (used + size + rowSize > budget) break;
      text += `\n${row}`;
      size += rowSize;
      taken += 1;
    }
    if (taken < block.rows.length) {
      full = true;
      omit(noun, block.rows.length - taken);
    }
    parts.push(text + close);
    used += size;
  }
  const markdown = [...parts, omissionLine(omitted, whereToFind)].join('\n\n');
  return { markdown, omitted };
}

function renderBlock(block: Block): string {
  const body = [block.open, ...block.rows].join('\n');
  return block.close ? `${body}\n${block.close}` : body;
}

function omissionLine(omitted: ReadonlyMap<string, number>, whereToFind: string): string {
  const what = [...omitted].map(([noun, n]) => `${n} ${noun}${n === 1 ? '' : 's'}`).join(', ');
  return `> **Cut to fit GitHub's size limit:** ${what} left out. ${sliceChars(whereToFind, 300)}`;
}
