import type { DriftIssueContent } from '../report/drift-issue.js';
import { type GitHubClient, statusOf } from './github-client.js';
import { findByMarker, type MarkedItemStore, upsertKeyedByMarker } from './upsert-by-marker.js';

export interface DriftIssueTarget {
  readonly owner: string;
  readonly repo: string;
  readonly label: string;
  readonly marker: string;
}

export type DriftIssueOutcome = 'opened' | 'updated' | 'unchanged' | 'closed' | 'none';

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
  return (await syncNumberedDriftIssue(github, target, content)).outcome;
}

/** `syncDriftIssue`, also giving the open issue's number (null: none is open), which the drift pull request links. */
export async function syncNumberedDriftIssue(
  github: GitHubClient,
  target: DriftIssueTarget,
  content: DriftIssueContent,
): Promise<{ readonly outcome: DriftIssueOutcome; readonly number: number | null }> {
  const { owner, repo, label, marker } = target;
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
  const issues: MarkedItemStore = {
    list: async () =>
      (
        await github.paginate(github.rest.issues.listForRepo, {
          owner,
          repo,
          labels: label,
          state: 'open',
          per_page: 100,
        })
      )
        .filter((i) => !i.pull_request)
        .map((i) => ({ key: i.number, body: i.body ?? '' })),
    create: async (body) => {
      await ensureLabel(github, owner, repo, label);
      const created = await github.rest.issues.create({
        owner,
        repo,
        title: content.title,
        body,
        labels: [label],
      });
      return created.data.number;
    },
    update: async (issueNumber, body) => {
      await github.rest.issues.update({ owner, repo, issue_number: issueNumber, body });
    },
    discard: (issueNumber, kept) => closeAs(issueNumber, `Duplicate of #${kept}.`, 'not_planned'),
  };

  if (!content.drifted) {
    const open = await findByMarker(issues, marker);
    for (const issue of open) await closeAs(issue.key, content.closingComment, 'completed');
    return { outcome: open.length > 0 ? 'closed' : 'none', number: null };
  }
  const { outcome, key } = await upsertKeyedByMarker(issues, marker, content.body, { create: true });
  return {
    outcome: outcome === 'created' ? 'opened' : outcome === 'not-created' ? 'none' : outcome,
    number: key,
  };
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
