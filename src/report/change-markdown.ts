/**
 * One planned change in Markdown, complete: every changed field with its whole value. A reviewer approves
 * what this shows, so nothing is cut here; a size limit drops whole changes (see `fitBlocks`). Short values
 * read `field: before → after`; long or multi-line ones (queries above all) are a `diff` block, one line per
 * line of the value, which GitHub colours.
 */

import { plural } from '../core/plural.js';
import type { ObjectiveSource } from '../documents/types.js';
import type { FileProvenance } from '../evidence/provenance.js';
import type { ChangeNote } from '../kinds/change-kind.js';
import { kindOf } from '../kinds/registry.js';
import { codeLink, escapeInline, fenced, inlineCode } from '../markdown/escape.js';
import type { ChangeAction, FieldDiff } from '../model/change.js';
import type { Change } from '../model/types.js';
import { capitalized } from './kind-words.js';
import { isLongText, type LineDiffOp, lineDiff } from './line-diff.js';
import {
  namedIdMarkdown,
  placementMarkdown,
  receiverNamesMarkdown,
  receiversChangeMarkdown,
  targetMarkdown,
} from './named-markdown.js';
import { burnWords, secretsSentence } from './note-words.js';
import { type ChangeField, changeFields, changePlacement } from './reference-fields.js';

/** Where a reviewer can open the documents at the commit planned (from the runner's environment). */
export interface SourceLinks {
  /** `GITHUB_SERVER_URL`, e.g. https://github.com. */
  readonly server: string;
  /** `owner/repo`. */
  readonly repository: string;
  /** The commit the plan was made from. */
  readonly sha: string;
  /** Per document file, where its rules' declared values came from (src/report/provenance-lines.ts). */
  readonly provenance?: ReadonlyMap<string, FileProvenance>;
}

/** `{server}/{repo}/blob/<sha>/<path>#L<line>`, or null when there is nothing to link to. */
export function lineUrl(links: SourceLinks | null | undefined, file: string, line: number): string | null {
  if (!links?.sha || !file) return null;
  const path = file.split('/').map(encodeURIComponent).join('/');
  return `${links.server}/${links.repository}/blob/${links.sha}/${path}#L${line}`;
}

export const ACTION_MARK: Readonly<Record<ChangeAction, string>> = {
  create: '➕ create',
  update: '✏️ update',
  delete: '🗑️ delete',
  noop: '✔️ no change',
};

/**
 * A file and line as a link to that line at the commit planned. A deleted rule's document is gone from
 * that commit: shown as code, without a link that would answer 404.
 */
export function whereLink(
  file: string,
  line: number,
  links: SourceLinks | null | undefined,
  label = `${file}:${line}`,
): string {
  if (!file) return '(run)';
  return codeLink(label, lineUrl(links, file, line));
}

/** The service level objective that generated a change's rule; undefined for anything else. */
export function objectiveOf(change: Change): ObjectiveSource | undefined {
  return 'objective' in change ? change.objective : undefined;
}

/**
 * Above the first change of a service level objective's generated rules, a heading (at `level`, `####`)
 * that names the objective and counts its changes: the rules read as the objective's, each then saying its
 * urgency and windows. Empty for any other change and for the objective's later changes.
 */
export function objectiveHeading(changes: readonly Change[], at: number, level: string): string {
  const from = objectiveOf(changes[at]!)?.objective;
  const previous = changes[at - 1];
  if (from === undefined || (previous && objectiveOf(previous)?.objective === from)) return '';
  const own = changes.filter((c) => objectiveOf(c)?.objective === from).length;
  return `\n${level} Service level objective ${inlineCode(from, 200, false)}: ${plural(own, 'change')} of its generated rules\n`;
}

/** What a change's Markdown says that only its kind has, as its kind describes it. */
interface KindMarkdown {
  /** The action's mark, when the action's own would mislead. */
  readonly mark: string | null;
  /** What follows the mark: the change's name and what else names it. */
  readonly subject: string;
  /** What a delete without fields removes: `rule`, `alert receiver`. */
  readonly noun: string;
  /** Paragraphs under the heading, list items after the fields, paragraphs after those. */
  readonly above: readonly string[];
  readonly items: readonly string[];
  readonly below: readonly string[];
}

/** The kind's description of the change (src/kinds/change-kind.ts), in Markdown. */
function kindMarkdown(change: Change): KindMarkdown {
  const own = kindOf(change).describe(change);
  // A change named by its name alone (a rule's) reads as a title; one named with its kind's noun shows
  // the name as code, with its id and what else names it.
  const subject =
    own.noun === null
      ? escapeInline(change.name, 300)
      : `${own.noun} ${inlineCode(change.name)}${change.id ? ` (${inlineCode(change.id)})` : ''}` +
        (own.extra === null ? '' : ` · ${escapeInline(own.extra)}`);
  const notes = [...own.above, ...own.below];
  return {
    mark: own.verb === null ? null : `${ACTION_MARK[change.action].split(' ')[0]} ${own.verb}`,
    subject,
    noun: own.removes,
    above: own.above.flatMap(noteParagraphs),
    // A secrets note reads as one more field: an item of the fields' list.
    items: notes.flatMap((note) =>
      note.kind === 'secrets' ? [`- secrets: ${secretsSentence(note, 'markdown')}`] : [],
    ),
    below: own.below.flatMap(noteParagraphs),
  };
}

/** A note as paragraphs around the fields; none for a note that is an item of the fields' list. */
function noteParagraphs(note: ChangeNote): string[] {
  switch (note.kind) {
    case 'objective': {
      const generated = `generated from ${inlineCode(note.source.objective, 200, false)}`;
      return [`${capitalized(burnWords(note.source))}; ${generated}.`];
    }
    case 'placement': {
      const placement = changePlacement(note.change);
      return placement ? [placementMarkdown(placement)] : [];
    }
    case 'outside-edit':
      return [
        `> ⚠️ Overwrites an edit made outside git: ${note.fields.map((d) => inlineCode(d.path)).join(', ')}.`,
      ];
    case 'secrets':
      return [];
  }
}

/**
 * A change of any kind: its heading line (action, name, where), then its fields. `label` replaces the
 * file:line text where the file is already said (the comment's file sections say `line 21`).
 */
export function changeMarkdown(
  change: Change,
  links: SourceLinks | null | undefined,
  label?: string,
): string {
  const own = kindMarkdown(change);
  const where =
    change.action === 'delete'
      ? `${inlineCode(label ?? `${change.file}:${change.line}`, 300)} (document removed)`
      : whereLink(change.file, change.line, links, label);
  const lines = [`**${own.mark ?? ACTION_MARK[change.action]}** ${own.subject} · ${where}`];
  for (const paragraph of own.above) lines.push('', paragraph);
  const fields = fieldsMarkdown(change, own);
  if (fields) lines.push('', fields);
  for (const paragraph of own.below) lines.push('', paragraph);
  return lines.join('\n');
}

function fieldsMarkdown(change: Change, own: KindMarkdown): string {
  if (change.action === 'delete' && change.diff.length === 0) {
    // Said as what applying does, not as done: the same words stand in a plan, a refused apply and drift.
    return `Applying the documents deletes the live ${own.noun}${change.id ? ` ${inlineCode(change.id)}` : ''}.`;
  }
  const short: string[] = [];
  const long: string[] = [];
  for (const field of changeFields(change)) {
    if (field.kind !== 'field') {
      short.push(namedFieldMarkdown(field));
      continue;
    }
    const d = field.diff;
    if (isLong(d.before) || isLong(d.after)) {
      long.push(`${inlineCode(d.path)}:\n${fenced(diffLines(d, change.action), 'diff')}`);
    } else {
      short.push(`- ${fieldMarkdown(d, change.action)}`);
    }
  }
  // The kind's own items close the list of short fields: one list, not two.
  short.push(...own.items);
  return [short.join('\n'), ...long].filter(Boolean).join('\n\n');
}

/**
 * A short field as a change shows it, whatever its kind: the field, then the value a create sets or a
 * delete removes, or an update's values before and after.
 */
export function fieldMarkdown(d: FieldDiff, action: ChangeAction): string {
  if (action === 'create') return `${inlineCode(d.path)}: ${valueCode(d.after)}`;
  if (action === 'delete') return `${inlineCode(d.path)}: ${valueCode(d.before)}`;
  return `${inlineCode(d.path)}: ${valueCode(d.before)} → ${valueCode(d.after)}`;
}

/** A reference by name: under the key a document names it by (`cluster`, `target`, `alert_receivers`). */
function namedFieldMarkdown(field: Exclude<ChangeField, { kind: 'field' }>): string {
  switch (field.kind) {
    case 'cluster':
      return `- ${inlineCode('cluster')}: ${namedIdMarkdown(field.cluster)}`;
    case 'target':
      return `- ${inlineCode('target')}: ${targetMarkdown(field.target)}`;
    case 'receivers':
      return `- ${inlineCode('alert_receivers')}: ${receiverNamesMarkdown(field.receivers)}`;
    case 'receivers-change':
      return `- ${inlineCode('alert_receivers')}:${receiversChangeMarkdown(field.change)}`;
  }
}

/** Too long or too many lines for `before → after` on one line. */
function isLong(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'string' ? isLongText(value) : isLongText(JSON.stringify(value));
}

/** A value as the lines of a diff block: text as it is, anything else as indented JSON. */
function blockText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
}

function diffLines(d: FieldDiff, action: ChangeAction): string {
  const before = action === 'create' ? '' : blockText(d.before);
  const after = action === 'delete' ? '' : blockText(d.after);
  const ops: LineDiffOp[] = lineDiff(before, after);
  return ops.map((op) => `${op.op} ${op.line}`).join('\n');
}

/**
 * A short value: plain words as they are, anything else (numbers, lists, empty or padded text, text that
 * reads like a number or a keyword) as JSON, so that `0.5` and `"0.5"` stay apart. Never cut: a value
 * that would not fit on a line is a diff block instead.
 */
export function valueCode(value: unknown): string {
  if (value === null || value === undefined) return '*(none)*';
  const plain = typeof value === 'string' && value !== '' && value.trim() === value && !isJsonLiteral(value);
  return inlineCode(
    plain ? value : (JSON.stringify(value) ?? String(value)),
    Number.POSITIVE_INFINITY,
    false,
  );
}

/** The first characters JSON text can start with (the text is trimmed already). */
const JSON_START = /^[-\d"[{tfn]/;

function isJsonLiteral(text: string): boolean {
  // Most values are words: a failed parse throws, and a plan of thousands of changes paid seconds for it.
  if (!JSON_START.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
