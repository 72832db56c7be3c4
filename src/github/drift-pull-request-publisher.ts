/**
 * The drift pull request of a drift run that adopts the drift (`drift-pull-request: true`): opened on a
 * fixed branch when there is something to adopt, updated in place on later runs, closed when git and the
 * service agree again (sync-drift-pull-request.ts). It links the open drift issue; the drift issue, posted
 * after it, links it back (publish.ts hands its page on), and a drift issue opened only then is named in
 * the pull request's description by one more edit in the same run (`linkDriftIssue`).
 */
import type { WriteBack } from '../plan/drift-write-back.js';
import { renderDriftPullRequest } from '../report/drift-pull-request.js';
import { driftBranch, driftMarker, driftPullRequestMarker } from '../report/markers.js';
import type { RunReport } from '../run/reports.js';
import { type GitHubClient, statusOf } from './github-client.js';
import {
  describeFailure,
  notPosted,
  type Publisher,
  type PublishInput,
  type PublishOutcome,
  redactAfterMarker,
} from './publisher.js';
import { syncDriftPullRequest } from './sync-drift-pull-request.js';

export const driftPullRequestPublisher: Publisher = {
  destination: 'drift pull request',
  appliesTo: ({ switches, report }) =>
    switches.driftPullRequest === true && writeBackOf(report) !== undefined,
  async publish(input: PublishInput): Promise<PublishOutcome> {
    const { github, report, target, switches, redact } = input;
    const { owner, repo } = target;
    const written = writeBackOf(report)!;
    try {
      const driftIssue = switches.driftIssue
        ? await openDriftIssue(github, owner, repo, switches.driftLabel, driftMarker(target.paths))
        : null;
      const content = render(input, driftIssue);
      const outcome = await syncDriftPullRequest(
        github,
        { owner, repo, branch: driftBranch(target.paths), baseSha: target.checkSha },
        {
          title: content.title,
          body: content.body,
          commitMessage: redact(content.commitMessage),
          closingComment: redact(content.closingComment),
          // The files hold no secret (a receiver's is read from the environment); they pass the redactor
          // all the same, unchanged unless a registered value was in a document already.
          files: content.adopting ? written.files.map((f) => ({ path: f.path, text: f.text })) : [],
        },
      );
      if (!('url' in outcome)) return { posted: true, url: null, note: null };
      return { posted: true, url: outcome.url, note: null, number: outcome.number, linkedIssue: driftIssue };
    } catch (error) {
      return notPosted(failure(error));
    }
  },
};

/**
 * Names the drift issue in the open pull request's description, when the issue was opened after the pull
 * request was written (the first run): one edit. Returns a note when it could not be made.
 */
export async function linkDriftIssue(
  input: PublishInput,
  pullNumber: number,
  issueNumber: number,
): Promise<string | null> {
  const { github, target } = input;
  const { title, body } = render(input, issueNumber);
  try {
    await github.rest.pulls.update({
      owner: target.owner,
      repo: target.repo,
      pull_number: pullNumber,
      title,
      body,
    });
    return null;
  } catch (error) {
    return failure(error);
  }
}

/** The title and description as sent (redacted), linking `driftIssue` when there is one. */
function render(input: PublishInput, driftIssue: number | null) {
  const { report, target, links, redact } = input;
  const marker = driftPullRequestMarker(target.paths);
  const content = renderDriftPullRequest(writeBackOf(report)!, marker, {
    paths: target.paths,
    sha: target.checkSha,
    runUrl: target.runUrl,
    links,
    driftIssue,
  });
  return { ...content, title: redact(content.title), body: redactAfterMarker(content.body, marker, redact) };
}

/** The drift written back into the documents, which only a drift run that adopts it carries. */
function writeBackOf(report: RunReport): WriteBack | undefined {
  return report.command === 'drift' ? report.writeBack : undefined;
}

function failure(error: unknown): string {
  return statusOf(error) === 403
    ? 'Drift pull request not updated: the token lacks the contents: write and pull-requests: write permissions.'
    : `Drift pull request not updated: ${describeFailure(error)}`;
}

/** The open drift issue of these paths, by its marker (the drift issue publisher's own rule), or null. */
async function openDriftIssue(
  github: GitHubClient,
  owner: string,
  repo: string,
  label: string,
  marker: string,
): Promise<number | null> {
  const issues = await github.paginate(github.rest.issues.listForRepo, {
    owner,
    repo,
    labels: label,
    state: 'open',
    per_page: 100,
  });
  const ours = issues
    .filter((i) => !i.pull_request && (i.body ?? '').startsWith(marker))
    .sort((a, b) => a.number - b.number);
  return ours[0]?.number ?? null;
}
