import type { RunReport } from '../commands/types.js';
import type { GitHubClient } from '../github/client.js';
import { statusOf } from '../github/client.js';
import { type PendingChange, pendingChanges } from '../plan/types.js';
import { COMMENT_LIMIT_CHARS } from './comment.js';
import { fitBlocks, inlineCode, sliceChars } from './markdown.js';
import { paragraph, planBlock } from './tables.js';

export interface DriftIssueTarget {
  readonly owner: string;
  readonly repo: string;
  readonly label: string;
  readonly marker: string;
}

export interface DriftIssueContent {
  readonly drifted: boolean;
  readonly title: string;
  readonly body: string;
  /** Posted when drift is gone, before closing. */
  readonly closingComment: string;
}

export type DriftIssueOutcome = 'opened' | 'updated' | 'unchanged' | 'closed' | 'none';

/** The issue's text: the marker, the table of drifted rules, and where the run is. */
export function renderDriftIssue(
  report: RunReport,
  marker: string,
  context: { readonly paths: readonly string[]; readonly sha: string; readonly runUrl: string | null },
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
          `state differs from the documents${commit}. Before is the live value, after is the document's; a ` +
          '*new rule* is declared by a document and missing from the service. ' +
          'Apply the default branch (or edit the documents) to remove the drift; this issue is updated by ' +
          'every drift check and closed when the drift is gone.',
      ),
      planBlock(pending, '#### Drifted rules'),
    ],
    COMMENT_LIMIT_CHARS,
    (text) => text.length,
    'The job summary and the plan-json output of the drift check have the rest.',
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

/**
 * One open issue per marker: opened when drift is found, its body replaced with the current table on each
 * check, closed with a comment when the drift is gone. When two runs race to open it, the oldest issue
 * stays and the newer is closed as its duplicate.
 */
export async function syncDriftIssue(
  github: GitHubClient,
  target: DriftIssueTarget,
  content: DriftIssueContent,
): Promise<DriftIssueOutcome> {
  const { owner, repo, label, marker } = target;
  const find = async () =>
    (
      await github.paginate(github.rest.issues.listForRepo, {
        owner,
        repo,
        labels: label,
        state: 'open',
        per_page: 100,
      })
    )
      // Ours start with the marker; an issue that quotes ours is someone else's.
      .filter((i) => !i.pull_request && (i.body ?? '').startsWith(marker))
      .sort((a, b) => a.number - b.number);
  const closeAs = async (issueNumber: number, comment: string, reason: 'completed' | 'not_planned') => {
    await github.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: comment });
    await github.rest.issues.update({
      owner,
      repo,
      issue_number: issueNumber,
      state: 'closed',
      state_reason: reason,
    });
  };

  const open = await find();
  if (!content.drifted) {
    for (const issue of open) await closeAs(issue.number, content.closingComment, 'completed');
    return open.length > 0 ? 'closed' : 'none';
  }

  const [kept, ...duplicates] = open;
  if (kept) {
    for (const d of duplicates) await closeAs(d.number, `Duplicate of #${kept.number}.`, 'not_planned');
    if (kept.body === content.body) return 'unchanged';
    await github.rest.issues.update({ owner, repo, issue_number: kept.number, body: content.body });
    return 'updated';
  }

  await ensureLabel(github, owner, repo, label);
  const created = await github.rest.issues.create({
    owner,
    repo,
    title: content.title,
    body: content.body,
    labels: [label],
  });
  // Another drift check may have opened its issue meanwhile: the oldest one stays.
  const oldest = (await find())[0];
  if (oldest && oldest.number !== created.data.number) {
    await closeAs(created.data.number, `Duplicate of #${oldest.number}.`, 'not_planned');
    if (oldest.body !== content.body) {
      await github.rest.issues.update({ owner, repo, issue_number: oldest.number, body: content.body });
    }
    return 'updated';
  }
  return 'opened';
}

async function ensureLabel(github: GitHubClient, owner: string, repo: string, name: string): Promise<void> {
  try {
    await github.rest.issues.getLabel({ owner, repo, name });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    try {
      await github.rest.issues.createLabel({
        owner,
        repo,
        name,
        color: 'd93f0b',
        description: 'Live alert rules differ from the default branch',
      });
    } catch (createError) {
      // 422: another run created it meanwhile, which is what we wanted.
      if (statusOf(createError) !== 422) throw createError;
    }
  }
}
