/**
 * Characters a document (or the service) may hold that would change what a reader sees rather than be
 * seen: line breaks (a new line can start a workflow command), C0 and C1 controls with ESC (terminal
 * sequences that move the cursor or rewrite lines), bidirectional overrides and isolates (text shown in
 * another order than it is stored, "Trojan source"), and invisible marks and separators.
 */
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** The same, except a colour (an SGR sequence, `ESC [ digits m`), which a terminal only paints. */
const UNSEEN_BUT_COLOUR = new RegExp(`\\u001b\\[[0-9;]*m|${UNSEEN.source}`, 'g');

/**
 * `::` at the start of a line, after anything the runner trims first (it trims Unicode white space, all of
 * which `\s` matches) and colours: the runner reads such a line as a workflow command.
 */
const COMMAND_START = /^((?:\s|\u001b\[[0-9;]*m)*):(?=:)/;

/** `##[`: the runner's older command form, which it reads anywhere in a line. */
const OLD_COMMAND = /##\[/g;

function escaped(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Each unseen character as a visible `\uXXXX` escape: in JSON text the same escape means the same character. */
function escapeUnseen(text: string): string {
  return text.replace(UNSEEN, escaped);
}

/**
 * A string from a document, a file or the service, made fit to stand in one line of the text and `github`
 * output forms: safeLine below, under the name the report's modules have long used.
 */
export function printable(text: string): string {
  return safeLine(text);
}

export interface OutputOptions {
  /** Colours (SGR sequences) pass: the text is for a terminal that asked for them. */
  readonly color?: boolean;
}

/**
 * The boundary every line the tool prints passes, whatever the face and the format (the command line's
 * text, JSON and `github` forms, the action's log, job summary, Checks run, comments and issues;
 * docs/decisions/output-boundary.md): no line it gives can start a workflow command, and no raw control
 * character passes. Line by line: unseen characters become `\uXXXX` (a `\r`, which the runner also reads
 * as a line break, included), `::` at a line's start gets its first colon escaped and `##[` anywhere its
 * second `#`. Each change writes a character as a JSON escape of the same character, and JSON's own text
 * has neither `#` nor a line that starts with `::`, so a JSON document passes with the same value. The
 * result passes again unchanged.
 */
export function safeOutput(text: string, options: OutputOptions = {}): string {
  return text
    .split('\n')
    .map((line) => safeLine(line, options))
    .join('\n');
}

/** One line: a line break inside it is shown as an escape too. */
export function safeLine(text: string, options: OutputOptions = {}): string {
  return withinLine(text, options).replace(COMMAND_START, '$1\\u003a');
}

/** What holds anywhere in a line: no unseen character, no older command form. */
export function withinLine(text: string, options: OutputOptions = {}): string {
  const visible = options.color
    ? text.replace(UNSEEN_BUT_COLOUR, (match) => (match.length > 1 ? match : escaped(match)))
    : escapeUnseen(text);
  return visible.replace(OLD_COMMAND, '#\\u0023[');
}

/** The commands the tool itself gives (annotations, groups, masks), each the start of one line. */
const OWN_COMMAND = /^::[a-z][a-z-]*(?=[ :])/;

/**
 * A workflow command of our own, built by the one builder of each (report/workflow-commands.ts,
 * @actions/core): its name passes as it is, everything after it as any other text, so that a value
 * inside can neither end the line nor hold the older command form. Anything that is not a command's
 * shape is text.
 */
export function safeCommand(line: string): string {
  const name = OWN_COMMAND.exec(line);
  if (name === null) return safeLine(line);
  return name[0] + withinLine(line.slice(name[0].length), {});
}
