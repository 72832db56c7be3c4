import type { RunReport } from '../commands/types.js';
import { fitBlocks } from '../markdown/budget.js';
import { inlineCode, sliceChars } from '../markdown/escape.js';
import { type PendingChange, pendingChanges } from '../plan/types.js';
import type { SourceLinks } from './change-markdown.js';
import { COMMENT_LIMIT_CHARS } from './comment.js';
import { paragraph, planBlock } from './tables.js';

export interface DriftIssueContent {
  readonly drifted: boolean;
  readonly title: string;
  readonly body: string;
  /** Posted when drift is gone, before closing. */
  readonly closingComment: string;
}

/** The issue's text: the marker, the table of drifted rules, and where the run is. */
export function renderDriftIssue(
  report: RunReport,
  marker: string,
  context: {
    readonly paths: readonly string[];
    readonly sha: string;
    readonly runUrl: string | null;
    readonly links?: SourceLinks | null;
  },
): DriftIssueContent {
  const pending = remainingDrift(report);
  const remediated = report.results.some((r) => r.ok);
  const scope =
    context.paths.length === 1 && context.paths[0] === '.' ? '' : ` (${context.paths.join(', ')})`;
  const run = context.runUrl ? ` in [this run](${context.runUrl})` : '';
  const commit = context.sha ? ` at commit ${inlineCode(context.sha.slice(0, 7))}` : '';
  const body = fitBlocks(
    [
      paragraph(
        `${marker}\n### Alert rules differ from the default branch\n\n` +
          `The drift check${run} found ${pending.length} alert rule${pending.length === 1 ? '' : 's'} whose live ` +
          `state differs from the documents${commit}. In each change \`-\` (or the left of →) is the ` +
          "live value and `+` (the right) the document's; a *create* is a rule a document declares and the " +
          'service lacks. ' +
          'Apply the default branch (or edit the documents) to remove the drift; this issue is updated by ' +
          'every drift check and closed when the drift is gone.',
      ),
      planBlock(pending, '#### Drifted rules', context.links),
    ],
    COMMENT_LIMIT_CHARS,
    (text) => text.length,
    'The job summary, the Checks run and the `plan-json` output (the JSON artifact) of the drift check have every drifted rule.',
  ).markdown;
  return {
    drifted: pending.length > 0,
    title: sliceChars(`Alert rules drifted from the default branch${scope}`, 250),
    body,
    closingComment: remediated
      ? `The drift was removed by remediation${commit}${run}: closing.`
      : `No drift any more${commit}${run}: closing.`,
  };
}

/**
 * The drifted rules still drifted after this run: a remediating check (`remediate: true`) removed those
 * whose write succeeded, so the issue shows only what is left.
 */
function remainingDrift(report: RunReport): PendingChange[] {
  const pending = report.plan ? pendingChanges(report.plan) : [];
  const fixed = new Set(report.results.filter((r) => r.ok).map((r) => r.change));
  return pending.filter((change) => !fixed.has(change));
}
