/**
 * The drift issue of a drift run: opened when drift is found, kept current while it lasts, closed when it
 * is gone (src/github/sync-drift-issue.ts), one per paths (its hidden marker).
 */

import { renderDriftIssue } from '../report/drift-issue.js';
import { driftMarker } from '../report/markers.js';
import { statusOf } from './github-client.js';
import {
  describeFailure,
  notPosted,
  type Publisher,
  type PublishInput,
  type PublishOutcome,
  redactAfterMarker,
} from './publisher.js';
import { syncNumberedDriftIssue } from './sync-drift-issue.js';

export const driftIssuePublisher: Publisher = {
  destination: 'drift issue',
  appliesTo: ({ switches, report }) => switches.driftIssue && report.command === 'drift',
  async publish(input: PublishInput): Promise<PublishOutcome> {
    const { github, report, target, switches, links, redact } = input;
    const { owner, repo } = target;
    const marker = driftMarker(target.paths);
    const content = renderDriftIssue(report, marker, {
      paths: target.paths,
      sha: target.checkSha,
      runUrl: target.runUrl,
      links,
      pullRequest: input.driftPullRequestUrl ?? null,
      dispatch: {
        server: links?.server ?? null,
        repository: `${owner}/${repo}`,
        file: target.workflowFile ?? null,
        name: target.workflow,
      },
    });
    try {
      const synced = await syncNumberedDriftIssue(
        github,
        { owner, repo, label: switches.driftLabel, marker },
        {
          ...content,
          title: redact(content.title),
          body: redactAfterMarker(content.body, marker, redact),
          closingComment: redact(content.closingComment),
        },
      );
      return { posted: true, url: null, note: null, number: synced.number };
    } catch (error) {
      return notPosted(
        statusOf(error) === 403
          ? 'Drift issue not updated: the token lacks the issues: write permission.'
          : `Drift issue not updated: ${describeFailure(error)}`,
      );
    }
  },
};
