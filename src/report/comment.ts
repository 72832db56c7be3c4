import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { type Block, type BlockRow, fitBlocks } from '../markdown/budget.js';
import {
  escapeInline,
  htmlCode,
  inlineCode,
  link,
  messageMarkdown,
  tableHead,
  tableRow,
} from '../markdown/escape.js';
import { type PendingChange, pendingChanges } from '../model/types.js';
import { pendingCount } from '../plan/change-counts.js';
import { encodeReviewBlock, reviewedPlan } from '../plan/evidence/review.js';
import type { RunReport } from '../run/reports.js';
import { backtestBlock } from './backtest-markdown.js';
import { changeMarkdown, objectiveHeading, type SourceLinks, whereLink } from './change-markdown.js';
import { codeMarkdown } from './finding-title.js';
import { planCountsSentence } from './plan-counts.js';
import type { RunCounts } from './run-counts.js';
import { headline } from './run-counts.js';
import { componentStatus, componentsBlock, paragraph } from './tables.js';
import { unmanagedMarkdown } from './unmanaged.js';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_536;
/** What the rendered comment may take: a margin for the notes appended to it. */
export const COMMENT_LIMIT_CHARS = 65_000;

const LEVEL_MARK: Readonly<Record<Diagnostic['severity'], string>> = {
  error: '❌',
  warning: '⚠️',
  notice: 'ℹ️',
};

/**
 * True when a pull request has nothing worth a comment: no pending change, no error or warning, no failed
 * resolution. Notices (a ghost rule, say) are in the summary; alone they do not start a conversation.
 */
export function hasNothingToSay(report: RunReport): boolean {
  const pending = pendingCount(report.plan);
  return (
    pending === 0 &&
    report.diagnostics.every((d) => d.severity === 'notice') &&
    report.components.every((c) => c.status !== 'failed')
  );
}

/** Above this size the file sections start collapsed (those with an error stay open). */
export const COLLAPSE_CHARS = 15_000;

export interface CommentOptions {
  /** Links from files and lines to the commit planned. */
  readonly links?: SourceLinks | null;
  /** The workflow run, linked from the heading. */
  readonly runUrl?: string | null;
  readonly limit?: number;
}

/**
 * The sticky comment's body: the marker, the outcome, then one section per file with its findings and its
 * changes in full, then the backtest. Long file sections collapse (their own length, not the charts'); at GitHub's size limit whole changes and rows are
 * dropped from the end, never a part of a value, and the last line says how many and where they are.
 */
export function renderComment(
  report: RunReport,
  counts: RunCounts,
  marker: string,
  sha: string,
  options: CommentOptions = {},
): string {
  const title = `### platform-gitops ${report.command}`;
  const commit = sha ? ` (commit ${inlineCode(sha.slice(0, 7))})` : '';
  const run = options.runUrl ? ` · ${link('workflow run', options.runUrl)}` : '';
  const skipped = report.skipped.map((s) => `> ${messageMarkdown(s, 2000)}`).join('\n>\n');
  if (hasNothingToSay(report)) {
    const notices = report.diagnostics.length;
    const planned = report.command !== 'validate';
    const rest =
      notices > 0 ? `; ${plural(notices, 'notice')} in the job summary` : planned ? ' and no findings' : '';
    // A validation made no plan: "no changes" would claim what nobody checked.
    const verdict = planned ? 'No changes' : 'All documents valid';
    const why = skipped ? `\n\n${skipped}` : '';
    // A component change has no plan of its own: say that it was checked, or "no changes" reads as ignored.
    const resolved = report.components.filter(
      (c) => c.status === 'resolved' && componentStatus(c) === 'resolved',
    ).length;
    const checked = resolved > 0 ? ` ${plural(resolved, 'component')} resolved without a violation.` : '';
    return `${marker}\n${title}\n\n${verdict}${rest}${commit}.${checked}${run ? `\n\n${run.slice(3)}` : ''}${why}`;
  }
  const render = (collapse: boolean): Block[] => {
    const blocks: Block[] = [
      paragraph(`${marker}\n${title}\n\n**${escapeInline(headline(report, counts))}**${commit}${run}`),
    ];
    const merging = whatMergingDoes(report);
    if (merging) blocks.push(paragraph(merging));
    if (skipped) blocks.push(paragraph(skipped));
    blocks.push(...fileSections(report, options.links, collapse));
    // Every kind's changes are in the file sections; the live objects made outside git are listed apart.
    const outside = unmanagedMarkdown(report.plan);
    if (outside) blocks.push(paragraph(outside));
    if (report.components.length > 0) blocks.push(componentsBlock(report.components, options.links));
    return blocks;
  };
  // What a reviewer reads in order: the headline, the findings and the changes (above), then what the
  // changed rules would have done. Last, the backtest is also the first cut when the comment is too long.
  const backtest = backtestBlock(report.command === 'plan' ? report.backtest : undefined, options.links);
  const withBacktest = (blocks: Block[]) => (backtest ? [...blocks, backtest] : blocks);
  const limit = options.limit ?? COMMENT_LIMIT_CHARS;
  const measure = (text: string) => text.length;
  // Whether the files collapse is their own length: the charts below them do not fold the changes away.
  const open = fitBlocks(render(false), Number.POSITIVE_INFINITY, measure, '').markdown;
  return fitBlocks(
    withBacktest(render(measure(open) > COLLAPSE_CHARS)),
    limit,
    measure,
    "The job summary, the Checks run and this step's `plan-json` output (the JSON artifact) have every change and finding.",
  ).markdown;
}

/**
 * The plan by action and what merging the pull request does with it: the push run on the default branch
 * applies the changes, unless a finding is an error, in which case it writes nothing at all
 * (src/commands/apply.ts). '' when there is neither a plan nor an error.
 */
export function whatMergingDoes(report: RunReport): string {
  const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
  const pending = pendingCount(report.plan);
  const counts = planCountsSentence(report);
  const lines: string[] = [];
  if (counts) {
    const merge =
      errors > 0
        ? ''
        : pending > 0
          ? ' Once merged into the default branch, the push run applies these changes.'
          : ' Merging changes no alert rule.';
    lines.push(`**${escapeInline(counts)}.**${merge}`);
  }
  if (errors > 0) {
    lines.push(
      `> ❌ **${plural(errors, 'error')} ${errors === 1 ? 'blocks' : 'block'} the apply:** merged as it is, ` +
        'the push run writes nothing, not even the changes without a finding, until every error is fixed.',
    );
  }
  return lines.join('\n\n');
}

function fileSections(report: RunReport, links: SourceLinks | null | undefined, collapse: boolean): Block[] {
  const byFile = new Map<string, { findings: Diagnostic[]; changes: PendingChange[] }>();
  const entry = (file: string) => {
    let e = byFile.get(file);
    if (!e) {
      e = { findings: [], changes: [] };
      byFile.set(file, e);
    }
    return e;
  };
  for (const d of report.diagnostics) entry(d.file).findings.push(d);
  for (const c of report.plan ? pendingChanges(report.plan) : []) entry(c.file).changes.push(c);

  // Files with an error first (what blocks the apply), then the others in order, then what concerns the
  // run as a whole (a ghost rule, a service notice): least to act on.
  const rank = (file: string) =>
    file === '' ? 2 : byFile.get(file)!.findings.some((d) => d.severity === 'error') ? 0 : 1;
  const files = [...byFile.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return files.map((file) => {
    const { findings, changes } = byFile.get(file)!;
    const counts = [
      findings.length > 0 ? plural(findings.length, 'finding') : '',
      changes.length > 0 ? plural(changes.length, 'change') : '',
    ].filter(Boolean);
    const hasError = findings.some((d) => d.severity === 'error');
    // GitHub reads no Markdown inside <summary>: HTML code, not backticks.
    const name = file ? htmlCode(file, 300) : 'the run';
    const table = findings.length > 0 ? `\n\n${tableHead(['Level', 'Code', 'Where', 'Message'])}` : '';
    const rows: BlockRow[] = [
      ...findings.map((d) => ({
        text: tableRow([
          `${LEVEL_MARK[d.severity]} ${d.severity}`,
          codeMarkdown(d.code),
          d.file ? whereLink(d.file, d.line, links, `line ${d.line}`) : '—',
          messageMarkdown(d.message),
        ]),
        noun: 'finding',
      })),
      // A blank line first: it ends the findings table, and separates one change from the next.
      ...changes.map((c, i) => ({
        text: `${objectiveHeading(changes, i, '####')}\n${changeMarkdown(c, links, `line ${c.line}`)}`,
        noun: 'change',
      })),
    ];
    const open = collapse && !hasError ? '' : ' open';
    return {
      open: `<details${open}><summary>${hasError ? '❌ ' : ''}${name}: ${counts.join(', ')}</summary>${table}`,
      rows,
      close: '\n</details>',
    };
  });
}

/**
 * A plan's comment carries the reviewed plan, hidden, for the push run after the merge
 * (docs/decisions/saved-plan.md). When the block would take the comment over GitHub's limit it is left
 * out, and the comment says what that means.
 */
export function withReviewedPlan(body: string, report: RunReport, head: string): string {
  if (report.command !== 'plan' || report.plan === null || report.digest === undefined) return body;
  const block = encodeReviewBlock(reviewedPlan(pendingChanges(report.plan), head, report.digest));
  if (body.length + 1 + block.length <= COMMENT_MAX_CHARS) return `${body}\n${block}`;
  return `${body}\n\n${REVIEW_NOT_STORED}`;
}

export const REVIEW_NOT_STORED =
  '> The reviewed plan is too large to be stored in this comment: after the merge, its changes are reported as not reviewed.';
