import { sliceChars, truncateUtf8 } from '../markdown/escape.js';
import {
  type CheckAnnotation,
  type CheckConclusion,
  MAX_ANNOTATIONS_PER_REQUEST,
  MAX_CHECK_TITLE,
  MAX_OUTPUT_BYTES,
} from '../report/checks.js';
import { type GitHubClient, statusOf } from './github-client.js';

export interface CheckRunInput {
  readonly owner: string;
  readonly repo: string;
  readonly name: string;
  readonly headSha: string;
  readonly conclusion: CheckConclusion;
  readonly title: string;
  /** Short Markdown shown at the top of the run (one or two lines). */
  readonly summary: string;
  /** Markdown details; cut to GitHub's limit (in UTF-8 bytes) here. */
  readonly text: string;
  readonly annotations: readonly CheckAnnotation[];
}

export type CheckRunOutcome =
  | { readonly kind: 'published'; readonly url: string | null; readonly requests: number }
  | {
      readonly kind: 'forbidden';
      /**
       * Whether the token is a GitHub App installation token (`ghs_`, as `GITHUB_TOKEN` is): the only kind
       * the Checks API accepts. Refused with another kind (a personal access token), no permission helps.
       */
      readonly installationToken: boolean;
    };

/**
 * Creates the Checks run and delivers every annotation, 50 per request: one request when they fit,
 * otherwise create (in progress) then update to append, the last update completing the run. A 403 (the
 * token lacks `checks: write`, as on fork pull requests, or is not an installation token) is an expected
 * outcome, not an error.
 */
export async function publishCheckRun(github: GitHubClient, input: CheckRunInput): Promise<CheckRunOutcome> {
  const { owner, repo } = input;
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < input.annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(input.annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  const output = (annotations: CheckAnnotation[] | undefined) => ({
    title: sliceChars(input.title, MAX_CHECK_TITLE),
    summary: truncateUtf8(input.summary, MAX_OUTPUT_BYTES),
    text: truncateUtf8(input.text, MAX_OUTPUT_BYTES),
    ...(annotations && annotations.length > 0 ? { annotations } : {}),
  });
  const done = { status: 'completed' as const, conclusion: input.conclusion };

  let created: { id: number; url: string | null };
  const [first, ...rest] = batches;
  try {
    const answer = await github.rest.checks.create({
      owner,
      repo,
      name: sliceChars(input.name, MAX_CHECK_TITLE),
      head_sha: input.headSha,
      ...(rest.length === 0 ? done : { status: 'in_progress' as const }),
      output: output(first),
    });
    created = { id: answer.data.id, url: answer.data.html_url ?? null };
  } catch (error) {
    if (statusOf(error) === 403)
      return { kind: 'forbidden', installationToken: await isInstallationToken(github) };
    throw error;
  }
  let requests = 1;
  try {
    for (const [index, batch] of rest.entries()) {
      const last = index === rest.length - 1;
      await github.rest.checks.update({
        owner,
        repo,
        check_run_id: created.id,
        ...(last ? done : {}),
        output: output(batch),
      });
      requests += 1;
    }
  } catch (error) {
    // A run left in progress spins on the pull request for ever: complete it with what it has, and say so.
    await github.rest.checks
      .update({
        owner,
        repo,
        check_run_id: created.id,
        ...done,
        output: {
          ...output(undefined),
          summary: truncateUtf8(
            `${input.summary}\n\n> Some annotations could not be added to this run; the job summary has every finding.`,
            MAX_OUTPUT_BYTES,
          ),
        },
      })
      .catch(() => undefined);
    throw error;
  }
  return { kind: 'published', url: created.url, requests };
}

/**
 * Whether the client's token is a GitHub App installation token, as octokit's token auth tells it from the
 * token's form (`ghs_…`) without the token leaving the client.
 */
async function isInstallationToken(github: GitHubClient): Promise<boolean> {
  const auth = (await github.auth()) as { readonly tokenType?: unknown };
  return auth.tokenType === 'installation';
}
