import { safeOutput } from '../core/printable.js';
import type { Redactor } from '../core/redact.js';
import type { SourceLinks } from '../report/change-markdown.js';
import type { CheckConclusion } from '../report/checks.js';
import type { RunCounts } from '../report/run-counts.js';
import type { RunReport } from '../run/reports.js';
import { checksRunPublisher } from './checks-run-publisher.js';
import { driftIssuePublisher } from './drift-issue-publisher.js';
import { driftPullRequestPublisher, linkDriftIssue } from './drift-pull-request-publisher.js';
import type { GitHubClient } from './github-client.js';
import type { Publisher, PublishInput, PublishOutcome, PublishSwitches, PublishTarget } from './publisher.js';
import { stickyCommentPublisher } from './sticky-comment-publisher.js';

/** Every destination, in the order they are posted (the order of their notes). */
const PUBLISHERS: readonly Publisher[] = [
  checksRunPublisher,
  stickyCommentPublisher,
  // Before the drift issue, which links the pull request's page.
  driftPullRequestPublisher,
  driftIssuePublisher,
];

export interface PublishResult {
  /** Whether a Checks run holds every annotation (the "more" notice points there). */
  readonly checkRunPublished: boolean;
  /** The Checks run's page, when GitHub gave it. */
  readonly checkRunUrl: string | null;
  /** One line each about what could not be posted and why: said once, in the log and the summary. */
  readonly notes: readonly string[];
  /** The target's links, with where each changed rule's document came from when that is known. */
  readonly links: SourceLinks | null;
}

/**
 * Posts the run to every destination it applies to (src/github/publisher.ts). A missing permission or a
 * GitHub failure becomes one note, never a failed step: the run's own outcome is what the step reports.
 * Every text passes the redactor before it is sent.
 */
export async function publishToGitHub(
  github: GitHubClient,
  report: RunReport,
  counts: RunCounts,
  conclusion: CheckConclusion,
  target: PublishTarget,
  switches: PublishSwitches,
  redactor: Redactor,
): Promise<PublishResult> {
  // Every text sent passes the redactor, then the output boundary (docs/decisions/output-boundary.md).
  const redact = (text: string) => safeOutput(redactor.redact(text));
  const links = target.evidence
    ? await target.evidence.provenanceLinks(github, report, target.links ?? null)
    : (target.links ?? null);
  let input: PublishInput = { github, report, counts, conclusion, target, switches, links, redact };
  const notes: string[] = [];
  let checkRun = { published: false, url: null as string | null };
  let driftPull: PublishOutcome | null = null;
  // One after the other, in the list's order: the notes keep that order from run to run.
  for (const publisher of PUBLISHERS.filter((p) => p.appliesTo(input))) {
    const outcome = await publisher.publish(input);
    if (outcome.note !== null) notes.push(outcome.note);
    if (publisher === checksRunPublisher) checkRun = { published: outcome.posted, url: outcome.url };
    if (publisher === driftPullRequestPublisher) {
      driftPull = outcome;
      input = { ...input, driftPullRequestUrl: outcome.url };
    }
    // The drift issue was just opened, after the pull request that could not name it yet: one edit of
    // the pull request's description names it now, in this run (docs/decisions/drift-pull-request.md).
    const pullNumber = driftPull?.number ?? null;
    const issueNumber = outcome.number ?? null;
    if (publisher === driftIssuePublisher && pullNumber !== null && issueNumber !== null) {
      if (driftPull?.linkedIssue !== issueNumber) {
        const note = await linkDriftIssue(input, pullNumber, issueNumber);
        if (note !== null) notes.push(note);
      }
    }
  }
  return {
    checkRunPublished: checkRun.published,
    checkRunUrl: checkRun.url,
    notes: notes.map(redact),
    links,
  };
}
