import type { ChangeResult } from '../apply/types.js';
import type { ComponentResult } from '../components/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleChange, FieldDiff } from '../plan/types.js';
import type { Block } from './markdown.js';
import { escapeMarkdown, inlineCode, tableHead, tableRow } from './markdown.js';

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
        escapeMarkdown(d.message),
      ]),
    ),
    rowNoun: 'finding',
  };
}

/** One line per changed field: `path: before → after`, values cut short. */
export function describeDiff(diff: readonly FieldDiff[], maxFields = 6): string {
  if (diff.length === 0) return '';
  const shown = diff.slice(0, maxFields).map((d) => {
    const before = d.before === undefined ? '∅' : inlineCode(JSON.stringify(d.before) ?? 'null', 80);
    const after = d.after === undefined ? '∅' : inlineCode(JSON.stringify(d.after) ?? 'null', 80);
    return `${inlineCode(d.path)}: ${before} → ${after}`;
  });
  if (diff.length > maxFields) shown.push(`and ${diff.length - maxFields} more`);
  return shown.join('<br>');
}

export function changeRow(change: AlertRuleChange): string {
  const outside = change.outsideEdit?.length
    ? `<br>⚠️ overwrites an edit made outside git: ${change.outsideEdit.map((d) => inlineCode(d.path)).join(', ')}`
    : '';
  return tableRow([
    ACTION_MARK[change.action],
    escapeMarkdown(change.name, 200),
    where(change.file, change.line),
    describeDiff(change.diff) + outside,
  ]);
}

export function planBlock(changes: readonly AlertRuleChange[], heading: string): Block {
  return {
    open: `${heading}\n\n${tableHead(['Action', 'Rule', 'Where', 'Changed fields'])}`,
    rows: changes.map(changeRow),
    rowNoun: 'change',
  };
}

export function componentsBlock(components: readonly ComponentResult[]): Block {
  return {
    open: `### Platform components\n\n${tableHead(['Component', 'Template', 'Where', 'Status', 'Violations', 'Missing requirements'])}`,
    rows: components.map((c) => {
      const missing = c.requirements.filter((r) => r.status === 'MISSING').map((r) => inlineCode(r.key));
      const status =
        c.status === 'resolved' ? '✔️ resolved' : c.status === 'failed' ? '❌ failed' : '⏭️ skipped';
      const reason = c.reason ? `<br>${escapeMarkdown(c.reason, 300)}` : '';
      return tableRow([
        inlineCode(c.componentKey),
        inlineCode(`${c.templateKey}@${c.templateVersion}`),
        where(c.file, c.line),
        status + reason,
        String(c.violations),
        missing.join(', '),
      ]);
    }),
    rowNoun: 'component',
  };
}

export function resultsBlock(results: readonly ChangeResult[]): Block {
  return {
    open: `### Applied\n\n${tableHead(['Result', 'Action', 'Rule', 'Where', 'Details'])}`,
    rows: results.map((r) => {
      const details: string[] = [];
      if (r.error) details.push(escapeMarkdown(r.error, 500));
      if (r.status !== null) details.push(`HTTP ${r.status}`);
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
