/**
 * Untrusted text (rule names, service messages, log lines) into GitHub-flavoured Markdown, for every place
 * the tool writes Markdown: the job summary, the pull-request comment, the drift issue, the Checks run and
 * the cluster logs. Nothing a value contains may open a tag, close a table, fence or <details>, start a
 * list, colour the text (ANSI) or make a line read differently from what it is (bidirectional overrides).
 */

// ANSI escape sequences, C0/C1 controls (tab and newline are handled by callers) and bidirectional
// overrides and isolates.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Longest text kept in one table cell; longer values are cut and say so. */
export const MAX_CELL_CHARS = 1000;

export function stripControl(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '');
}

/** Cuts at a code-point boundary: never half a surrogate pair. */
export function sliceChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** At most `max` characters of `text`, and when it cuts, says how much it left out. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = sliceChars(text, max);
  return `${kept}… (${text.length - kept.length} more characters)`;
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

/** One line: controls stripped, line breaks and tabs as spaces. */
function oneLine(text: string): string {
  return stripControl(text)
    .replace(/[ \t]*(?:\r\n?|\n)+[ \t]*/g, ' ')
    .replace(/\t/g, ' ');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A zero-width space as an entity: the output boundary would show a raw one as `\u200b`. */
const ZERO_WIDTH = '&#8203;';

/**
 * GitHub makes `@name` and `@org/team` mentions that notify, and `https://…`, `www.…` and `name@host`
 * links, anywhere in text; a name the service or a document holds must do neither. A zero-width space
 * after the `@`, before the `://` and the dot of `www.` keeps the text as it reads and makes it neither.
 * Code spans and blocks need nothing: GitHub reads no mention or link in code. Run on escaped text (the
 * entity's `#` and `&` must not be escaped again); core/secret-forms.ts writes a secret the same way.
 */
export function inertMentionsAndLinks(text: string): string {
  return text
    .replace(/@(?=[A-Za-z0-9_-])/g, `@${ZERO_WIDTH}`)
    .replace(/:\/\//g, `${ZERO_WIDTH}://`)
    .replace(/(www)\./gi, `$1${ZERO_WIDTH}.`);
}

/**
 * One line of inline Markdown, safe in a paragraph, a heading, a list item or a table cell. HTML-significant
 * characters are escaped too, so that a message containing `</details>` or `<!--` cannot break the
 * structure around it; mentions and bare addresses are made inert.
 */
export function escapeInline(text: string, maxChars = MAX_CELL_CHARS): string {
  return inertMentionsAndLinks(
    escapeHtml(capText(oneLine(text), maxChars)).replace(/[\\`*_[\]|#~]/g, '\\$&'),
  );
}

/**
 * A finding's message for a table cell or paragraph: escaped like any untrusted text, except that its
 * `code spans` (how our messages and the service's quote keys and values) stay code, so that a reader sees
 * `clusterInputs.s3BucketName` rather than backslashes and stray backticks.
 */
export function messageMarkdown(text: string, maxChars = MAX_CELL_CHARS): string {
  const cut = capText(oneLine(text), maxChars);
  const parts: string[] = [];
  let last = 0;
  for (const match of cut.matchAll(/`([^`]{1,300})`/g)) {
    parts.push(escapeInline(cut.slice(last, match.index), Number.POSITIVE_INFINITY));
    parts.push(inlineCode(match[1]!, 300));
    last = match.index + match[0].length;
  }
  parts.push(escapeInline(cut.slice(last), Number.POSITIVE_INFINITY));
  return parts.join('');
}

/**
 * Inline code that survives any content: a fence one backtick longer than the longest run inside. In a
 * table cell a `|` must be escaped even in code (GitHub then shows it plain); elsewhere the backslash would
 * show, so `inTable: false` leaves it.
 */
export function inlineCode(text: string, maxChars = 200, inTable = true): string {
  const cut = text.length > maxChars ? `${sliceChars(text, maxChars)}…` : text;
  const flat = inTable ? oneLine(cut).replace(/\|/g, '\\|') : oneLine(cut);
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
  return `<code>${escapeHtml(oneLine(cut)).replace(/"/g, '&quot;')}</code>`;
}

/** A plain http(s) address, as GitHub links it; anything else is not a link. */
export function isPlainUrl(url: string): boolean {
  return /^https?:\/\/[^\s<>()[\]`|"'\\]{1,2000}$/.test(url);
}

/** A link only when the address is a plain http(s) one; anything else is shown as text. */
export function link(label: string, url: string): string {
  const trimmed = url.trim();
  return isPlainUrl(trimmed) ? `[${escapeInline(label, 300)}](${trimmed})` : escapeInline(trimmed, 500);
}

/** A link whose label is code (a file and line, say). */
export function codeLink(label: string, url: string | null): string {
  const trimmed = url?.trim() ?? '';
  return isPlainUrl(trimmed) ? `[${inlineCode(label, 300)}](${trimmed})` : inlineCode(label, 300);
}

export interface FenceLimits {
  readonly maxChars: number;
  readonly maxLines: number;
}

/**
 * A fenced block whose fence no line of the content can close. Without limits the content is whole (a
 * value a reviewer must read in full); with limits (log output) it is capped and says so.
 */
export function fenced(text: string, language = 'text', limits?: FenceLimits): string {
  const lines = stripControl(text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')).split('\n');
  let body: string;
  if (limits) {
    body = capText(lines.slice(0, limits.maxLines).join('\n'), limits.maxChars);
    if (lines.length > limits.maxLines) body += `\n… (${lines.length - limits.maxLines} more lines)`;
  } else {
    body = lines.join('\n');
  }
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${body}\n${fence}`;
}

/** A table row from already-escaped cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** Header and separator lines of a table. */
export function tableHead(headers: readonly string[]): string {
  return `${tableRow(headers)}\n${tableRow(headers.map(() => '---'))}`;
}
