/**
 * Text from the service goes into GitHub-flavoured Markdown. Nothing it contains may open a tag, close our
 * table or fence, or start a list: every piece is escaped for the place it goes.
 */

// ANSI colour codes, C0/C1 controls (tab and newline handled by callers) and bidirectional overrides,
// which can make a line read differently from what it is.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function stripControl(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '');
}

/** At most `max` characters, never splitting a surrogate pair; says that it cut. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

/** One line of inline Markdown: safe in a paragraph, a heading, a list item or a table cell. */
export function escapeInline(text: string, max = 2000): string {
  const oneLine = stripControl(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/\t/g, ' ')
    .trim();
  return capText(oneLine, max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, '\\$&');
}

/** An identifier in a code span when it is plain (ids, tags, statuses), otherwise escaped text. */
export function code(text: string): string {
  return /^[\w.:/@+-]{1,200}$/.test(text) ? `\`${text}\`` : escapeInline(text, 200);
}

/** A link only when it is a plain http(s) address; anything else is shown as text. */
export function link(label: string, url: string): string {
  const trimmed = url.trim();
  if (/^https?:\/\/[^\s<>()[\]`|"'\\]{1,2000}$/.test(trimmed))
    return `[${escapeInline(label, 200)}](${trimmed})`;
  return escapeInline(trimmed, 500);
}

/** A fenced block whose fence no line of the content can close; content is capped in lines and characters. */
export function fenced(text: string, maxChars = 4000, maxLines = 60): string {
  const lines = stripControl(text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')).split('\n');
  const kept = lines.slice(0, maxLines);
  let body = capText(kept.join('\n'), maxChars);
  if (lines.length > maxLines) body += `\n… (${lines.length - maxLines} more lines)`;
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}text\n${body}\n${fence}`;
}
