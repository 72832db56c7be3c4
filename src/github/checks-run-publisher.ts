/**
 * The Checks run on the commit checked: the run's headline as its title, the summary as its text, one
 * annotation per finding (src/github/check-run.ts posts them in batches).
 */

import { checkRunSummary, toCheckAnnotations } from '../report/checks.js';
import { checkRunName } from '../report/markers.js';
import { headline } from '../report/run-counts.js';
import { renderSummary } from '../report/step-summary.js';
import { publishCheckRun } from './check-run.js';
import {
  describeFailure,
  notPosted,
  type Publisher,
  type PublishInput,
  type PublishOutcome,
} from './publisher.js';

export const checksRunPublisher: Publisher = {
  destination: 'Checks run',
  appliesTo: ({ switches, target }) => switches.checks && Boolean(target.checkSha),
  async publish({
    github,
    report,
    counts,
    conclusion,
    target,
    links,
    redact,
  }: PublishInput): Promise<PublishOutcome> {
    try {
      const outcome = await publishCheckRun(github, {
        owner: target.owner,
        repo: target.repo,
        name: checkRunName(report.command, target.paths),
        headSha: target.checkSha,
        conclusion,
        title: redact(headline(report, counts)),
        summary: redact(checkRunSummary(report)),
        text: redact(renderSummary(report, counts, { limitBytes: 65_000, links, heading: false })),
        annotations: toCheckAnnotations(report.diagnostics, redact),
      });
      if (outcome.kind === 'forbidden') {
        return notPosted(checksForbiddenNote(outcome.installationToken, target.pullRequest !== null));
      }
      return { posted: true, url: outcome.url, note: null };
    } catch (error) {
      return notPosted(`Checks run not created or not complete: ${describeFailure(error)}`);
    }
  },
};

/**
 * Why GitHub refused the Checks run, and what to do. The Checks API accepts only a GitHub App installation
 * token (the workflow's `GITHUB_TOKEN` is one): a personal access token is refused whatever its scopes, so
 * "lacks checks: write" would send the reader to a permission that cannot help.
 */
function checksForbiddenNote(installationToken: boolean, pullRequest: boolean): string {
  const rest = 'findings beyond the annotation caps are in this summary.';
  if (!installationToken) {
    return (
      "Checks run not created: GitHub's Checks API accepts only a GitHub App installation token, and the " +
      "github-token input is another kind (a personal access token): pass the workflow's GITHUB_TOKEN " +
      `(the default) with the checks: write permission, or a GitHub App's token; ${rest}`
    );
  }
  // The fork remark only where it can apply: on a schedule it would send the reader the wrong way.
  const why = pullRequest ? ' (always so on pull requests from forks)' : '';
  return `Checks run not created: the token lacks the checks: write permission${why}; ${rest}`;
}
