/**
 * The plan and the apply results for a terminal, read like `terraform plan`: one symbol per rule,
 * aligned `field: before → after` lines, long PromQL as a line diff, and a closing count.
 */
import { type ChangeResult, overwroteOutsideEdit } from '../apply/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { printable } from '../core/printable.js';
import { changedSpan, isLongText, LONG_TEXT, lineDiff } from '../plan/line-diff.js';
import type { AlertRuleChange, FieldDiff, LiveRuleRef, Plan } from '../plan/types.js';
import {
  namedIdText,
  placementText,
  receiverNamesText,
  receiversChangeText,
  targetText,
} from './named-text.js';
import { CHANGE_COLOR, CHANGE_SYMBOL, type Paint, painter } from './paint.js';
import { planCounts } from './plan-counts.js';
import { receiverTextLines } from './receiver-lines.js';
import { type ChangeField, changeFields, changePlacement } from './reference-fields.js';

export interface TextOptions {
  readonly color: boolean;
  /** A drift check: the changes are drift from the documents, not a plan someone asked for. */
  readonly drift?: boolean;
  /**
   * The findings listed below the plan (the run's, the documents' and the components' included): the
   * errors "below" are counted from this list, the one the reader sees. Without it, the plan's own.
   */
  readonly findings?: readonly Diagnostic[];
}

const VERB = { create: 'create', update: 'update', delete: 'delete', noop: 'no change' } as const;

export function formatPlanText(plan: Plan, options: TextOptions): string {
  const paint = painter(options.color);
  const lines: string[] = [];
  const pending = plan.changes.filter((c) => c.action !== 'noop');
  if (pending.length > 0) {
    lines.push(
      options.drift
        ? 'Alert rules: drift: these live rules differ from the documents (applying the documents would make these changes):'
        : 'Alert rules: the plan would make these changes:',
      '',
    );
    lines.push(...pendingLines(pending, paint));
  } else if (plan.changes.length === 0 && (plan.unread?.length ?? 0) > 0) {
    lines.push(
      'Alert rules: nothing was planned: the live rules could not be read (see the errors below).',
      '',
    );
  } else if ((plan.unread?.length ?? 0) > 0) {
    lines.push('Alert rules: no changes in the organizations that were read.', '');
  } else {
    // A document with an error gets no change: "everything matches" would then be a claim we cannot make.
    const errors = (options.findings ?? plan.diagnostics).filter((d) => d.severity === 'error').length;
    lines.push(
      errors > 0
        ? `Alert rules: no changes for the documents without errors (${plural(errors, 'error')} below).`
        : 'Alert rules: no changes. The live rules match the documents.',
      '',
    );
  }
  lines.push(...receiverTextLines(plan, paint, options.drift ?? false));
  for (const org of plan.unread ?? []) {
    if (plan.changes.length === 0) break;
    lines.push(
      `Not planned: the documents of organization ${org}, whose live rules could not be read (see the errors below).`,
      '',
    );
  }
  lines.push(
    ...section('Ghost rules (in the alerting system, not in the service; cannot be managed):', plan.ghosts),
    ...section(
      'Rules not up to date in the alerting system (an outdated version is deployed):',
      plan.outdated,
    ),
    ...section('Live rules no document manages (listed, never touched):', plan.unmanaged),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The closing count, as `terraform plan` ends: `Plan: 2 to create, 3 to update, 0 to delete.` A drift check
 * counts drift instead.
 */
export function planCountLine(plan: Plan, options: TextOptions): string {
  return painter(options.color)('1', `${planCounts(plan, options.drift ?? false)}.`);
}

/**
 * The pending changes in plan order; a service level objective's generated rules sit under a line that
 * names the objective, indented one step, so that a reviewer reads them as the objective's.
 */
function pendingLines(pending: readonly AlertRuleChange[], paint: Paint): string[] {
  const lines: string[] = [];
  let objective: string | undefined;
  for (const change of pending) {
    const from = change.objective?.objective;
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

function formatChange(change: AlertRuleChange, paint: Paint): string[] {
  const symbol = paint(CHANGE_COLOR[change.action], CHANGE_SYMBOL[change.action]);
  const id = change.id ? ` (${change.id})` : '';
  const where =
    change.action === 'delete'
      ? `its document was removed from ${printable(change.file)}:${change.line}`
      : `${printable(change.file)}:${change.line}`;
  const lines = [`  ${symbol} ${VERB[change.action]} ${bold(paint, printable(change.name))}${id}  ${where}`];
  if (change.objective !== undefined) {
    const { urgency, pair } = change.objective;
    lines.push(
      `      ${urgency === 'page' ? 'pages' : 'opens a ticket'} on a burn over ${pair.replace('-', ' and ')}`,
    );
  }
  const placement = changePlacement(change);
  if (placement) lines.push(`      ${placementText(placement)}`);
  const fields = changeFields(change);
  if (change.action === 'create') lines.push(...formatNewRule(fields, paint));
  else if (change.action !== 'delete') lines.push(...formatFields(fields, paint));
  if (change.action === 'update' && change.outsideEdit && change.outsideEdit.length > 0) {
    lines.push(
      `      ${paint('35', '!')} edited outside git since the previous revision; applying overwrites: ` +
        change.outsideEdit
          .map((d) => `${printable(d.path)} (${value(d.before)} → ${value(d.after)})`)
          .join(', '),
    );
  }
  return lines;
}

/**
 * A new rule reads as the rule itself: `field: value`, aligned, with no `before` (there is none). Long
 * texts (PromQL) are shown unquoted as an indented block, the way they read in the document.
 */
/**
 * On a new rule there is no `before` to line up with, so text stays inline longer than in a diff. The
 * query is the rule's heart and full of quotes: always on its own line, unquoted, as in the document.
 */
const NEW_RULE_INLINE = 100;

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

/** Enough to recognize the rules; an organization may have hundreds, which only the JSON output lists in full. */
const MAX_LISTED = 20;

function section(title: string, rules: readonly LiveRuleRef[]): string[] {
  if (rules.length === 0) return [];
  const lines = [title];
  for (const rule of rules.slice(0, MAX_LISTED)) {
    const cluster = rule.clusterId
      ? `cluster ${rule.clusterName ? `${printable(rule.clusterName)} (${rule.clusterId})` : rule.clusterId}`
      : null;
    const where = [rule.id, cluster, `state ${rule.state}`].filter((part) => part !== null).join(', ');
    lines.push(`  • ${printable(rule.name)} (${where})`);
  }
  if (rules.length > MAX_LISTED)
    lines.push(`  … and ${rules.length - MAX_LISTED} more (--format json lists them all)`);
  lines.push('');
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

export function formatApplyResultsText(results: readonly ChangeResult[], options: TextOptions): string {
  const paint = painter(options.color);
  if (results.length === 0) return 'Apply: nothing to do.\n';
  const lines: string[] = [];
  for (const result of results) {
    const { change } = result;
    const id = result.id ? ` (${result.id})` : '';
    const where = `${printable(change.file)}:${change.line}`;
    const what = writtenWhat(result);
    if (!result.ok) {
      const status = result.status === null ? 'no answer' : `HTTP ${result.status}`;
      // A 2xx the client could not read: the service accepted the write, so "failed" alone would mislead.
      const outcome = result.notSent
        ? 'not sent'
        : result.storedDifferently?.length
          ? `stored differently (${status})`
          : result.status !== null && result.status >= 200 && result.status < 300
            ? `accepted, answer unreadable (${status})`
            : `failed (${status})`;
      lines.push(
        `  ${paint('31', '✗')} ${change.action} ${what}${id} ${outcome}  ${where}`,
        `      ${printable(result.error ?? 'the write failed')}`,
      );
      continue;
    }
    lines.push(`  ${paint('32', '✓')} ${pastTense(change.action)} ${what}${id}  ${where}`);
    if (result.note) lines.push(`      ${printable(result.note)}`);
    if (result.storedDifferently && result.storedDifferently.length > 0) {
      lines.push(
        `      the service stored differently: ${result.storedDifferently
          .map((d) => `${printable(d.path)} (sent ${value(d.before)}, stored ${value(d.after)})`)
          .join(', ')}`,
      );
    }
    const overwrote = overwroteOutsideEdit(result);
    if (overwrote.length > 0) {
      lines.push(
        `      ${paint('35', '!')} overwrote an edit made outside git: ${overwrote
          .map((d) => d.path)
          .join(', ')}`,
      );
    }
  }
  const failed = results.filter((r) => !r.ok).length;
  lines.push('', paint('1', `Apply: ${results.length - failed} succeeded, ${failed} failed.`));
  return `${lines.join('\n')}\n`;
}

/** What a write changed, as a person reads it: a rule by its name, a receiver named as one. */
export function writtenWhat(result: ChangeResult): string {
  const name = printable(result.change.name);
  return result.change.kind === 'AlertReceiver' ? `alert receiver ${name}` : name;
}

function pastTense(action: ChangeResult['change']['action']): string {
  return action === 'create'
    ? 'created'
    : action === 'update'
      ? 'updated'
      : action === 'delete'
        ? 'deleted'
        : 'kept';
}
