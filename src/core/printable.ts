/**
 * Characters a document (or the service) may hold that would change what a reader sees rather than be
 * seen: line breaks (a new line can start a workflow command), C0 and C1 controls with ESC (terminal
 * sequences that move the cursor or rewrite lines), bidirectional overrides and isolates (text shown in
 * another order than it is stored, "Trojan source"), and invisible marks and separators.
 */
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The one neutraliser for strings from documents, files or the service in the text and `github` output
 * forms: each unseen character is shown as a visible `\uXXXX` escape, and a string whose text starts
 * with `::` (after blanks; the runner trims a line before reading a command) has its first colon
 * escaped, so that nothing a document holds can start a workflow command even at the start of a line.
 */
export function printable(text: string): string {
  const visible = text.replace(UNSEEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return visible.replace(/^(\s*):(?=:)/, '$1\\u003a');
}
