import type { ChangeResult } from '../apply/types.js';
import type { ComponentResult } from '../components/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleChange, FieldDiff } from '../plan/types.js';
import type { Block } from './markdown.js';
import { escapeMarkdown, inlineCode, messageMarkdown, sliceChars, tableHead, tableRow } from './markdown.js';
import { plural } from './outcome.js';

/** Markdown tables of a run's parts, shared by the job summary, the Checks run, the comment and the issue. */

const SEVERITY_MARK: Readonly<Record<Diagnostic['severity'], string>> = {
  error: '❌ error',
  warning: '⚠️ warning',
  notice: 'ℹ️ notice',
};

const ACTION_MARK: Readonly<Record<AlertRuleChange['action'], string>> = {
  create: '➕ create',
  update: '✏️ update',
  delete: '🗑️ delete',
  noop: '✔️ no change',
};

export function where(file: string, line: number): string {
  return file ? inlineCode(`${file}:${line}`) : '(run)';
}

export function findingsBlock(diagnostics: readonly Diagnostic[], heading = '### Findings'): Block {
  return {
    open: `${heading}\n\n${tableHead(['Level', 'Where', 'Code', 'Message'])}`,
    rows: diagnostics.map((d) =>
      tableRow([
        SEVERITY_MARK[d.severity],
        where(d.file, d.line),
        inlineCode(d.code),
        messageMarkdown(d.message),
      ]),
    ),
    rowNoun: 'finding',
  };
}

/**
 * A value in a table cell: plain words as they are, anything else (numbers, lists, empty or padded text,
 * text that reads like a number or a keyword) as JSON, so that `0.5` and `"0.5"` stay apart.
 */
export function valueCode(value: unknown, maxChars = 80): string {
  if (value === null || value === undefined) return '*(none)*';
  const plain = typeof value === 'string' && value !== '' && value.trim() === value && !isJsonLiteral(value);
  return inlineCode(plain ? value : (JSON.stringify(value) ?? String(value)), maxChars);
}

function isJsonLiteral(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** One line per changed field of an update: `path: before → after`, values cut short. */
export function describeDiff(diff: readonly FieldDiff[], maxFields = 6): string {
  if (diff.length === 0) return '';
  const shown = diff
    .slice(0, maxFields)
    .map((d) => `${inlineCode(d.path)}: ${valueCode(d.before)} → ${valueCode(d.after)}`);
  if (diff.length > maxFields) shown.push(`and ${diff.length - maxFields} more`);
  return shown.join('<br>');
}

/** What a reviewer reads first about a new rule; the name is in its own column. */
const NEW_RULE_ORDER = ['severity', 'condition', 'for_duration', 'description', 'target.target_type'];

/**
 * A rule to be created: its values on one line, `field: value · …`, the most telling first. The condition
 * reads as the alert does (`expr ABOVE 0.5`); the rest is in the plan-json output.
 */
export function describeNewRule(diff: readonly FieldDiff[], maxFields = 5): string {
  const value = (path: string) => diff.find((d) => d.path === path)?.after;
  const [promql, operator, threshold] = [
    value('condition.promql'),
    value('condition.operator'),
    value('condition.threshold'),
  ];
  const merged = typeof promql === 'string' && typeof operator === 'string' && threshold != null;
  const items: { path: string; cell: string }[] = [];
  if (merged) {
    const expr = promql.length > 70 ? `${sliceChars(promql, 70)}…` : promql;
    items.push({ path: 'condition', cell: inlineCode(`${expr} ${operator} ${String(threshold)}`, 100) });
  }
  const inCondition = new Set(['condition.promql', 'condition.operator', 'condition.threshold']);
  for (const d of diff) {
    if (d.path === 'name' || (merged && inCondition.has(d.path))) continue;
    items.push({ path: d.path, cell: valueCode(d.after) });
  }
  const rank = (path: string) => {
    const i = NEW_RULE_ORDER.indexOf(path);
    return i === -1 ? NEW_RULE_ORDER.length : i;
  };
  items.sort((x, y) => rank(x.path) - rank(y.path));
  const shown = items.slice(0, maxFields).map((i) => `${inlineCode(i.path)}: ${i.cell}`);
  if (items.length > maxFields) shown.push(`and ${items.length - maxFields} more`);
  return `new rule: ${shown.join(' · ')}`;
}

/** The "changed fields" cell of one change. */
export function describeChange(change: AlertRuleChange): string {
  switch (change.action) {
    case 'create':
      return describeNewRule(change.diff);
    case 'delete':
      return 'the live rule is deleted (its document was removed)';
    default:
      return describeDiff(change.diff);
  }
}

/** One plan row; `whereCell` replaces the file:line cell where the file is already said (the comment). */
export function changeRow(change: AlertRuleChange, whereCell = where(change.file, change.line)): string {
  const outside = change.outsideEdit?.length
    ? `<br>⚠️ overwrites an edit made outside git: ${change.outsideEdit.map((d) => inlineCode(d.path)).join(', ')}`
    : '';
  return tableRow([
    ACTION_MARK[change.action],
    escapeMarkdown(change.name, 200),
    whereCell,
    describeChange(change) + outside,
  ]);
}

export function planBlock(changes: readonly AlertRuleChange[], heading: string): Block {
  return {
    open: `${heading}\n\n${tableHead(['Action', 'Rule', 'Where', 'Changed fields'])}`,
    rows: changes.map((c) => changeRow(c)),
    rowNoun: 'change',
  };
}

const SCOPE_OWNER: Readonly<Record<string, string>> = {
  CLUSTER: 'cluster input',
  PLATFORM_PROFILE: 'platform profile',
};

/**
 * The components the run resolved or failed to resolve, one row each; those it skipped (unchanged on a pull
 * request: most of a large repository) are one line under the table, never a row each.
 */
export function componentsBlock(components: readonly ComponentResult[]): Block {
  const attempted = components.filter((c) => c.status !== 'skipped');
  const skipped = components.filter((c) => c.status === 'skipped');
  // Grouped by component: a repository of forty clusters has forty `karpenter` documents.
  const byKey = new Map<string, number>();
  for (const c of skipped) byKey.set(c.componentKey, (byKey.get(c.componentKey) ?? 0) + 1);
  const keys = [...byKey].map(([key, n]) => `${inlineCode(key)}${n > 1 ? ` ×${n}` : ''}`);
  const skippedLine =
    skipped.length === 0
      ? ''
      : `${plural(skipped.length, 'component')} unchanged in this change and not tied to a changed one: not resolved` +
        ` (${keys.slice(0, 20).join(', ')}${keys.length > 20 ? `, and ${keys.length - 20} more` : ''}).`;
  if (attempted.length === 0) return paragraph(`### Platform components\n\n${skippedLine}`);
  return {
    open: `### Platform components\n\n${tableHead(['Component', 'Template', 'Where', 'Status', 'Violations', 'Missing requirements'])}`,
    rows: attempted.map((c) => {
      const missing = c.requirements
        .filter((r) => r.status === 'MISSING')
        .map((r) => `${inlineCode(r.key)} (${SCOPE_OWNER[r.scope] ?? escapeMarkdown(r.scope, 40)})`);
      const status = c.status === 'resolved' ? '✔️ resolved' : '❌ failed';
      const reason = c.reason ? `<br>${messageMarkdown(c.reason, 300)}` : '';
      return tableRow([
        inlineCode(c.componentKey),
        inlineCode(`${c.templateKey}@${c.templateVersion}`),
        where(c.file, c.line),
        status + reason,
        c.status === 'resolved' ? String(c.violations) : '—',
        missing.join(', '),
      ]);
    }),
    ...(skippedLine ? { close: `\n${skippedLine}` } : {}),
    rowNoun: 'component',
  };
}

export function resultsBlock(results: readonly ChangeResult[]): Block {
  return {
    open: `### Applied\n\n${tableHead(['Result', 'Action', 'Rule', 'Where', 'Details'])}`,
    rows: results.map((r) => {
      const details: string[] = [];
      if (r.error) details.push(messageMarkdown(r.error, 500));
      if (r.status !== null) details.push(`HTTP ${r.status}`);
      if (r.note) details.push(messageMarkdown(r.note, 500));
      if (r.overwroteOutsideEdit?.length) {
        details.push(
          `overwrote an edit made outside git: ${r.overwroteOutsideEdit.map((d) => inlineCode(d.path)).join(', ')}`,
        );
      }
      if (r.storedDifferently?.length) {
        details.push(`stored differently: ${r.storedDifferently.map((d) => inlineCode(d.path)).join(', ')}`);
      }
      return tableRow([
        r.ok ? '✔️ done' : '❌ failed',
        ACTION_MARK[r.action],
        escapeMarkdown(r.name, 200),
        where(r.file, r.line),
        details.join('<br>'),
      ]);
    }),
    rowNoun: 'result',
  };
}

/** A paragraph (kept whole or left out whole). */
export function paragraph(text: string): Block {
  return { open: text, rows: [] };
}
