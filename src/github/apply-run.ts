/**
 * Whether the action's apply of a commit succeeded, from the Checks run every run publishes on its commit:
 * ONE request, `GET /repos/{owner}/{repo}/commits/{sha}/check-runs?check_name=…&filter=latest`. The
 * conclusion `success` means every change of that commit was written and converged (actionVerdict: an
 * error, a failed write or a refused change is `failure`, a write the service stored differently
 * `neutral`). Anything else, or no answer, is a reason, never an error.
 */
import { type ApplyRunAnswer, type BaseApplied, baseAppliedFrom } from '../evidence/base-apply.js';
import { checkRunName } from '../report/markers.js';
import { type GitHubClient, statusOf } from './github-client.js';

export interface ApplyRunLookup {
  readonly owner: string;
  readonly repo: string;
  /** The Checks run's name (checkRunName('apply', paths)). */
  readonly checkName: string;
}

export async function applyRunOf(
  github: GitHubClient,
  lookup: ApplyRunLookup,
  sha: string,
): Promise<ApplyRunAnswer> {
  const short = sha.slice(0, 12);
  let runs: { status: string; conclusion: string | null }[];
  try {
    const answer = await github.rest.checks.listForRef({
      owner: lookup.owner,
      repo: lookup.repo,
      ref: sha,
      check_name: lookup.checkName,
      filter: 'latest',
      per_page: 1,
    });
    runs = answer.data.check_runs;
  } catch (error) {
    const status = statusOf(error);
    const why =
      status === 403
        ? `how the apply of commit ${short} went cannot be read (the token lacks checks: read)`
        : `GitHub did not say how the apply of commit ${short} went (${status ? `it answered ${status}` : (error as Error).message})`;
    return { sha, why };
  }
  const run = runs[0];
  if (!run) {
    return {
      sha,
      why: `commit ${short} has no "${lookup.checkName}" Checks run (it was not applied by this action with checks: true)`,
    };
  }
  if (run.status !== 'completed' || run.conclusion === null)
    return { sha, why: `the apply of commit ${short} has not finished` };
  return { sha, conclusion: run.conclusion };
}

/**
 * The evidence for outside edits told from a run's base commit (a push's `before`, a pull request's base):
 * asked of GitHub (one request) only when there is a base and the runs publish Checks runs (`checks: true`).
 */
export async function baseAppliedOf(
  github: GitHubClient,
  repository: { readonly owner: string; readonly repo: string },
  inputs: { readonly paths: readonly string[]; readonly checks: boolean },
  base: string | null,
): Promise<BaseApplied> {
  if (base === null)
    return { applied: false, commit: null, why: 'the run has no base commit (a push that opened a branch?)' };
  if (!inputs.checks) {
    return {
      applied: false,
      commit: base,
      why: `the checks input is false, so the apply of commit ${base.slice(0, 12)} left no Checks run that tells its outcome`,
    };
  }
  const lookup = { ...repository, checkName: checkRunName('apply', inputs.paths) };
  return baseAppliedFrom(await applyRunOf(github, lookup, base));
}
