/**
 * The push run's side of the review across the merge: the pull request the pushed commit came from (ONE
 * request, `GET /repos/{owner}/{repo}/commits/{sha}/pulls`), then its sticky comment (found by the marker)
 * and the reviewed plan hidden in it. Every way of not finding it is a reason, never an error: the changes
 * are then `not reviewed`, and `on-unreviewed` decides.
 */
import { decodeReviewBlock, type ReviewedPlan } from '../plan/evidence/review.js';
import { type GitHubClient, statusOf } from './github-client.js';

export interface ReviewLookup {
  readonly owner: string;
  readonly repo: string;
  /** The pushed commit. */
  readonly sha: string;
  /** The sticky comment's marker (commentMarker). */
  readonly marker: string;
}

export type FoundReview =
  | { readonly plan: ReviewedPlan; readonly pullRequest: number }
  | { readonly why: string; readonly pullRequest: number | null };

/**
 * `pullOf` finds the merged pull request of a commit (mergedPullOf by default; the run's evidence passes
 * the one that keeps its answers, src/github/evidence-lookup.ts).
 */
export async function findReviewedPlan(
  github: GitHubClient,
  target: ReviewLookup,
  pullOf: (sha: string) => Promise<MergedPull | null> = (sha) => mergedPullOf(github, target, sha),
): Promise<FoundReview> {
  const { owner, repo, sha, marker } = target;
  let pull: MergedPull | null;
  try {
    pull = await pullOf(sha);
  } catch (error) {
    return {
      why: `the pull request of commit ${sha.slice(0, 12)} could not be found (${describe(error)})`,
      pullRequest: null,
    };
  }
  if (!pull)
    return {
      why: `commit ${sha.slice(0, 12)} came from no merged pull request (a direct push)`,
      pullRequest: null,
    };
  const where = `pull request #${pull.number}`;
  let bodies: string[];
  try {
    bodies = (
      await github.paginate(github.rest.issues.listComments, {
        owner,
        repo,
        issue_number: pull.number,
        per_page: 100,
      })
    ).map((c) => c.body ?? '');
  } catch (error) {
    return {
      why: `the comments of ${where} could not be read (${describe(error)})`,
      pullRequest: pull.number,
    };
  }
  const body = bodies.find((b) => b.startsWith(marker));
  if (body === undefined)
    return { why: `${where} has no platform-gitops plan comment`, pullRequest: pull.number };
  const decoded = decodeReviewBlock(body);
  return 'plan' in decoded
    ? { plan: decoded.plan, pullRequest: pull.number }
    : { why: `${where}: ${decoded.why}`, pullRequest: pull.number };
}

export interface MergedPull {
  readonly number: number;
  readonly html_url: string;
}

/**
 * The merged pull request a commit came from, with ONE request: the one merged as this commit, else any
 * merged one holding it; null when none. Throws GitHub's error.
 */
export async function mergedPullOf(
  github: GitHubClient,
  repository: { readonly owner: string; readonly repo: string },
  sha: string,
): Promise<MergedPull | null> {
  const pulls = (
    await github.rest.repos.listPullRequestsAssociatedWithCommit({
      owner: repository.owner,
      repo: repository.repo,
      commit_sha: sha,
      per_page: 100,
    })
  ).data;
  const merged = pulls.filter((p) => p.merged_at !== null);
  return merged.find((p) => p.merge_commit_sha === sha) ?? merged[0] ?? null;
}

function describe(error: unknown): string {
  const status = statusOf(error);
  if (status === 403) return 'the token lacks the pull-requests: read permission';
  return status ? `GitHub answered ${status}` : (error as Error).message;
}
