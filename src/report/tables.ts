import { overwroteOutsideEdit } from '../apply/types.js';
import type { ComponentResult } from '../components/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import type { Block } from '../markdown/budget.js';
import { escapeInline, inlineCode, messageMarkdown, tableHead, tableRow } from '../markdown/escape.js';
import type { Change, ChangeResult } from '../model/types.js';
import type { ReviewEntry, ReviewStatus } from '../plan/evidence/review.js';
import {
  ACTION_MARK,
  changeMarkdown,
  objectiveHeading,
  type SourceLinks,
  whereLink,
} from './change-markdown.js';
import { codeMarkdown } from './finding-title.js';
import { changeLabel } from './kind-words.js';
import { provenanceLine, unknownApplyLine } from './provenance-lines.js';

/** Markdown tables of a run's parts, shared by the job summary, the Checks run, the comment and the issue. */

const SEVERITY_MARK: Readonly<Record<Diagnostic['severity'], string>> = {
  error: '❌ error',
  warning: '⚠️ warning',
  notice: 'ℹ️ notice',
};

export function findingsBlock(
  diagnostics: readonly Diagnostic[],
  links: SourceLinks | null | undefined,
  heading = '### Findings',
): Block {
  return {
    open: `${heading}\n\n${tableHead(['Level', 'Where', 'Code', 'Message'])}`,
    rows: diagnostics.map((d) =>
      tableRow([
        SEVERITY_MARK[d.severity],
        whereLink(d.file, d.line, links),
        codeMarkdown(d.code),
        messageMarkdown(d.message),
      ]),
    ),
    rowNoun: 'finding',
  };
}

/** The changes, each complete (see `changeMarkdown`), under a heading; a size limit drops whole changes. */
export function planBlock(
  changes: readonly Change[],
  heading: string,
  links: SourceLinks | null | undefined,
): Block {
  const unknown = unknownApplyLine(changes, links);
  // A generated rule's changes under a heading naming their objective, one level below the block's own.
  const level = `${/^#*/.exec(heading)![0]}#`;
  return {
    open: unknown ? `${heading}\n\n${unknown}` : heading,
    rows: changes.map((c, i) => {
      const from = provenanceLine(c, links);
      return `${objectiveHeading(changes, i, level)}\n${changeMarkdown(c, links)}${from ? `\n\n${from}` : ''}`;
    }),
    rowNoun: 'change',
  };
}

/** What happened to a component, in one word a reviewer can act on. */
export type ComponentStatus = 'violations' | 'missing requirements' | 'resolved' | 'failed';

export function componentStatus(c: ComponentResult): ComponentStatus {
  if (c.status === 'failed') return 'failed';
  if (c.violations > 0) return 'violations';
  if (c.requirements.some((r) => r.status === 'MISSING')) return 'missing requirements';
  return 'resolved';
}

const COMPONENT_STATUS: Readonly<Record<ComponentStatus, string>> = {
  violations: '❌ violations',
  'missing requirements': '⚠️ missing requirements',
  resolved: '✔️ resolved',
  failed: '❌ failed',
};

const SCOPE_OWNER: Readonly<Record<string, string>> = {
  CLUSTER: 'cluster input',
  PLATFORM_PROFILE: 'platform profile',
};

/**
 * The components the run resolved or failed to resolve, one row each; those it skipped (unchanged on a pull
 * request: most of a large repository) are one line under the table, never a row each.
 */
export function componentsBlock(
  components: readonly ComponentResult[],
  links: SourceLinks | null | undefined,
): Block {
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
        .map((r) => `${inlineCode(r.key)} (${SCOPE_OWNER[r.scope] ?? escapeInline(r.scope, 40)})`);
      const status = COMPONENT_STATUS[componentStatus(c)];
      const reason = c.reason ? `<br>${messageMarkdown(c.reason, 300)}` : '';
      return tableRow([
        inlineCode(c.componentKey),
        inlineCode(`${c.templateKey}@${c.templateVersion}`),
        whereLink(c.file, c.line, links),
        status + reason,
        c.status === 'resolved' ? String(c.violations) : '—',
        missing.join(', '),
      ]);
    }),
    ...(skippedLine ? { close: `\n${skippedLine}` } : {}),
    rowNoun: 'component',
  };
}

export function resultsBlock(results: readonly ChangeResult[], links: SourceLinks | null | undefined): Block {
  return {
    open: `### Applied\n\n${tableHead(['Result', 'Action', 'Change', 'Where', 'Details'])}`,
    rows: results.map((r) => {
      const details: string[] = [];
      if (r.error) details.push(messageMarkdown(r.error, 500));
      if (r.status !== null) details.push(`HTTP ${r.status}`);
      if (r.note) details.push(messageMarkdown(r.note, 500));
      const overwrote = overwroteOutsideEdit(r);
      if (overwrote.length > 0) {
        details.push(
          `overwrote an edit made outside git: ${overwrote.map((d) => inlineCode(d.path)).join(', ')}`,
        );
      }
      if (r.storedDifferently?.length) {
        details.push(`stored differently: ${r.storedDifferently.map((d) => inlineCode(d.path)).join(', ')}`);
      }
      return tableRow([
        r.ok ? '✔️ done' : '❌ failed',
        ACTION_MARK[r.change.action],
        escapeInline(changeLabel(r.change), 200),
        whereLink(r.change.file, r.change.line, links),
        details.join('<br>'),
      ]);
    }),
    rowNoun: 'result',
  };
}

const REVIEW_MARK: Readonly<Record<ReviewStatus, string>> = {
  'as reviewed': '✔️ as reviewed',
  'changed since review': '⚠️ changed since review',
  'not reviewed': '⚠️ not reviewed',
};

/** The push run's changes against the review on their pull request (ApplyReport.review). */
export function reviewBlock(review: readonly ReviewEntry[], links: SourceLinks | null | undefined): Block {
  return {
    open: `### Review\n\n${tableHead(['Review', 'Action', 'Change', 'Where', 'Why'])}`,
    rows: review.map((entry) =>
      tableRow([
        REVIEW_MARK[entry.status],
        ACTION_MARK[entry.action],
        escapeInline(changeLabel(entry), 200),
        whereLink(entry.file, entry.line, links),
        entry.why ? messageMarkdown(entry.why, 500) : '—',
      ]),
    ),
    rowNoun: 'change',
  };
}

/** A paragraph (kept whole or left out whole). */
export function paragraph(text: string): Block {
  return { open: text, rows: [] };
}
