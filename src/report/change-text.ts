/**
 * One planned change for a terminal, of any kind: one symbol per change, aligned `field: before → after`
 * lines, long PromQL as a line diff; a new rule reads as the rule itself. What only one kind shows (a
 * rule's objective, placement and outside edit, a receiver's type and secret) its kind describes
 * (src/kinds/change-kind.ts, `describe`), rendered in one place, `kindText`. The terminal's counterpart of
 * change-markdown.ts.
 */
import { printable } from '../core/printable.js';
import type { ChangeNote } from '../kinds/change-kind.js';
import { kindOf } from '../kinds/registry.js';
import type { FieldDiff } from '../model/change.js';
import type { PendingChange } from '../model/types.js';
import { objectiveOf } from './change-markdown.js';
import { changedSpan, isLongText, LONG_TEXT, lineDiff } from './line-diff.js';
import {
  namedIdText,
  placementText,
  receiverNamesText,
  receiversChangeText,
  targetText,
} from './named-text.js';
import { burnWords, secretsSentence } from './note-words.js';
import { CHANGE_COLOR, CHANGE_SYMBOL, type Paint } from './paint.js';
import { type ChangeField, changeFields, changePlacement } from './reference-fields.js';

const VERB = { create: 'create', update: 'update', delete: 'delete', noop: 'no change' } as const;

/**
 * The pending changes in plan order, every kind in the one list; a service level objective's generated
 * rules sit under a line that names the objective, indented one step, so that a reviewer reads them as the
 * objective's.
 */
export function pendingLines(pending: readonly PendingChange[], paint: Paint): string[] {
  const lines: string[] = [];
  let objective: string | undefined;
  for (const change of pending) {
    const from = objectiveOf(change)?.objective;
    if (from !== undefined && from !== objective) {
      const where = `${printable(change.file)}:${change.line}`;
      lines.push(
        `  Service level objective ${bold(paint, printable(from))}  ${where}, its generated rules:`,
        '',
      );
    }
    objective = from;
    const own = formatChange(change, paint);
    lines.push(...(from === undefined ? own : own.map((line) => `  ${line}`)), '');
  }
  return lines;
}

/** What a change's lines say that only its kind has, as its kind describes it. */
interface KindText {
  /** The verb, when the action's own would mislead. */
  readonly verb: string | null;
  /** What follows the verb: the change's name, with its id and what else names it. */
  readonly subject: string;
  /** Lines between the heading and the fields, and after the fields. */
  readonly above: readonly string[];
  readonly below: readonly string[];
}

/** The kind's description of the change (src/kinds/change-kind.ts), in the terminal's words. */
function kindText(change: PendingChange, paint: Paint): KindText {
  const own = kindOf(change).describe(change);
  const id = change.id ? ` (${change.id})` : '';
  const name = bold(paint, printable(change.name));
  const noun = own.noun === null ? '' : `${own.noun} `;
  const extra = own.extra === null ? '' : ` · ${printable(own.extra)}`;
  return {
    verb: own.verb,
    subject: `${noun}${name}${id}${extra}`,
    above: own.above.flatMap((note) => noteLines(note, paint)),
    below: own.below.flatMap((note) => noteLines(note, paint)),
  };
}

/** A note's lines under a change, indented as its fields are. */
function noteLines(note: ChangeNote, paint: Paint): string[] {
  switch (note.kind) {
    case 'objective':
      return [`      ${burnWords(note.source)}`];
    case 'placement': {
      const placement = changePlacement(note.change);
      return placement ? [`      ${placementText(placement)}`] : [];
    }
    case 'outside-edit':
      return [
        `      ${paint('35', '!')} edited outside git since the previous revision; applying overwrites: ` +
          note.fields.map((d) => `${printable(d.path)} (${value(d.before)} → ${value(d.after)})`).join(', '),
      ];
    case 'secrets':
      return [`      secrets: ${printable(secretsSentence(note, 'text'))}`];
  }
}

function formatChange(change: PendingChange, paint: Paint): string[] {
  const symbol = paint(CHANGE_COLOR[change.action], CHANGE_SYMBOL[change.action]);
  const own = kindText(change, paint);
  const where =
    change.action === 'delete'
      ? `its document was removed from ${printable(change.file)}:${change.line}`
      : `${printable(change.file)}:${change.line}`;
  const lines = [`  ${symbol} ${own.verb ?? VERB[change.action]} ${own.subject}  ${where}`, ...own.above];
  const fields = changeFields(change);
  if (change.action === 'create') lines.push(...formatNewRule(fields, paint));
  else if (change.action !== 'delete') lines.push(...formatFields(fields, paint));
  lines.push(...own.below);
  return lines;
}

/**
 * On a new rule there is no `before` to line up with, so text stays inline longer than in a diff. The
 * query is the rule's heart and full of quotes: always on its own line, unquoted, as in the document.
 */
const NEW_RULE_INLINE = 100;

/**
 * A new rule reads as the rule itself: `field: value`, aligned, with no `before` (there is none). Long
 * texts (PromQL) are shown unquoted as an indented block, the way they read in the document.
 */
function formatNewRule(fields: readonly ChangeField[], paint: Paint): string[] {
  const width = Math.max(0, ...fields.map((f) => fieldLabel(f).length + 1));
  const lines: string[] = [];
  for (const field of fields) {
    if (field.kind !== 'field') {
      lines.push(`      ${`${fieldLabel(field)}:`.padEnd(width)} ${namedFieldText(field, paint)}`);
      continue;
    }
    const d = field.diff;
    if (
      typeof d.after === 'string' &&
      (d.path === 'condition.promql' || isLongText(d.after, NEW_RULE_INLINE))
    ) {
      lines.push(`      ${printable(d.path)}:`);
      for (const line of d.after.replace(/\n$/, '').split('\n')) lines.push(`          ${printable(line)}`);
    } else {
      lines.push(`      ${`${printable(d.path)}:`.padEnd(width)} ${value(d.after)}`);
    }
  }
  return lines;
}

/** An update's fields: references by name where known, the others as `formatDiff` shows them. */
function formatFields(fields: readonly ChangeField[], paint: Paint): string[] {
  const width = Math.max(0, ...fields.map((f) => fieldLabel(f).length + 1));
  const lines: string[] = [];
  for (const field of fields) {
    if (field.kind === 'field') lines.push(...formatDiff([field.diff], paint, width));
    else lines.push(`      ${`${fieldLabel(field)}:`.padEnd(width)} ${namedFieldText(field, paint)}`);
  }
  return lines;
}

/** The key a field is shown under: a reference by name under the key a document names it by. */
function fieldLabel(field: ChangeField): string {
  switch (field.kind) {
    case 'field':
      return printable(field.diff.path);
    case 'cluster':
      return 'cluster';
    case 'target':
      return 'target';
    default:
      return 'alert_receivers';
  }
}

function namedFieldText(field: Exclude<ChangeField, { kind: 'field' }>, paint: Paint): string {
  switch (field.kind) {
    case 'cluster':
      return namedIdText(field.cluster);
    case 'target':
      return targetText(field.target);
    case 'receivers':
      return receiverNamesText(field.receivers);
    case 'receivers-change':
      return receiversChangeText(field.change, paint);
  }
}

/** `path: before → after`, paths padded to one column; long texts as an indented line diff. */
export function formatDiff(
  diff: readonly FieldDiff[],
  paint: Paint,
  width = Math.max(0, ...diff.map((d) => printable(d.path).length + 1)),
): string[] {
  const lines: string[] = [];
  for (const d of diff) {
    const label = `${printable(d.path)}:`.padEnd(width);
    if (isLongText(d.before) || isLongText(d.after)) {
      lines.push(`      ${printable(d.path)}:`);
      const before = typeof d.before === 'string' ? d.before : '';
      const after = typeof d.after === 'string' ? d.after : '';
      const ops = lineDiff(before, after);
      ops.forEach((op, i) => {
        const text = `          ${op.op} ${printable(op.line)}`;
        lines.push(op.op === '-' ? paint('31', text) : op.op === '+' ? paint('32', text) : text);
        // One line replaced by one line: underline what changed, a reader should not hunt for it.
        const previous = ops[i - 1];
        const isPair =
          op.op === '+' && previous?.op === '-' && ops[i - 2]?.op !== '-' && ops[i + 1]?.op !== '+';
        if (isPair && op.line.length > LONG_TEXT) {
          const { start, end } = changedSpan(previous.line, op.line);
          lines.push(`            ${' '.repeat(start)}${'^'.repeat(Math.max(1, end - start))}`);
        }
      });
    } else {
      lines.push(`      ${label} ${value(d.before)} → ${value(d.after)}`);
    }
  }
  return lines;
}

/** A value as a reader expects it: strings quoted, absent shown as (none), lists inline. */
export function value(v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  if (Array.isArray(v)) return `[${v.map((item) => value(item)).join(', ')}]`;
  if (typeof v === 'string') return printable(JSON.stringify(v));
  // An object (a value of a shape the service added later) as JSON, never "[object Object]".
  if (typeof v === 'object') return printable(JSON.stringify(v));
  return String(v);
}

function bold(paint: Paint, text: string): string {
  return paint('1', text);
}
