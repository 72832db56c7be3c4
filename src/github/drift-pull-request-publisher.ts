/**
 * The drift pull request of a drift run that adopts the drift (`drift-pull-request: true`): opened on a
 * fixed branch when there is something to adopt, updated in place on later runs, closed when git and the
 * service agree again (sync-drift-pull-request.ts). It links the open drift issue; the drift issue, posted
 * after it, links it back (publish.ts hands its page on).
 */
import { renderDriftPullRequest } from '../report/drift-pull-request.js';
import { driftBranch, driftMarker, driftPullRequestMarker } from '../report/markers.js';
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
    switches.driftPullRequest === true && report.command === 'drift' && report.writeBack !== undefined,
  async publish({ github, report, target, switches, links, redact }: PublishInput): Promise<PublishOutcome> {
    const { owner, repo } = target;
    const written = report.writeBack!;
    const marker = driftPullRequestMarker(target.paths);
    try {
      const driftIssue = switches.driftIssue
        ? await openDriftIssue(github, owner, repo, switches.driftLabel, driftMarker(target.paths))
        : null;
      const content = renderDriftPullRequest(report.plan!, written, marker, {
        paths: target.paths,
        sha: target.checkSha,
        runUrl: target.runUrl,
        links,
        driftIssue,
      });
      const outcome = await syncDriftPullRequest(
        github,
        { owner, repo, branch: driftBranch(target.paths), baseSha: target.checkSha },
        {
          title: redact(content.title),
          body: redactAfterMarker(content.body, marker, redact),
          commitMessage: redact(content.commitMessage),
          closingComment: redact(content.closingComment),
          // The files hold no secret (a receiver's is read from the environment); they pass the redactor
          // all the same, unchanged unless a registered value was in a document already.
          files: content.adopting ? written.files.map((f) => ({ path: f.path, text: f.text })) : [],
        },
      );
      const url = 'url' in outcome ? outcome.url : null;
      return { posted: true, url, note: null };
    } catch (error) {
      return notPosted(
        statusOf(error) === 403
          ? 'Drift pull request not updated: the token lacks the contents: write and pull-requests: write permissions.'
          : `Drift pull request not updated: ${describeFailure(error)}`,
      );
    }
  },
};

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
