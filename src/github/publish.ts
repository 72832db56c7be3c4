import { safeOutput } from '../core/printable.js';
import type { Redactor } from '../core/redact.js';
import type { SourceLinks } from '../report/change-markdown.js';
import { type CheckConclusion, checkRunSummary, toCheckAnnotations } from '../report/checks.js';
import { hasNothingToSay, renderComment, withReviewedPlan } from '../report/comment.js';
import { renderDriftIssue } from '../report/drift-issue.js';
import { checkRunName, commentMarker, driftMarker } from '../report/markers.js';
import { headline, type RunCounts } from '../report/outcome.js';
import { renderSummary } from '../report/summary.js';
import type { RunReport } from '../run/types.js';
import { publishCheckRun } from './check-run.js';
import { type GitHubClient, statusOf } from './client.js';
import { syncDriftIssue } from './drift-issue.js';
import { type PublishHistory, withProvenance } from './provenance.js';
import { upsertStickyComment } from './sticky-comment.js';

/** What the GitHub reporters need to know about where they post. */
export interface PublishTarget {
  readonly owner: string;
  readonly repo: string;
  readonly workflow: string;
  readonly paths: readonly string[];
  readonly checkSha: string;
  readonly pullRequest: number | null;
  readonly runUrl: string | null;
  /** Links from files and lines to the commit planned. */
  readonly links?: SourceLinks | null;
  /** History for where each rule's document came from (src/github/provenance.ts); absent: none looked up. */
  readonly history?: PublishHistory | null;
  /** The workflow's file name (GITHUB_WORKFLOW_REF), for the drift issue's dispatch command. */
  readonly workflowFile?: string | null;
}

export interface PublishSwitches {
  readonly checks: boolean;
  readonly comment: boolean;
  readonly driftIssue: boolean;
  readonly driftLabel: string;
}

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
 * Posts the run to GitHub: the Checks run, the sticky pull-request comment, the drift issue. A missing
 * permission or a GitHub failure becomes one note, never a failed step: the run's own outcome is what
 * the step reports. Every text passes the redactor before it is sent.
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
  const notes: string[] = [];
  let checkRunPublished = false;
  let checkRunUrl: string | null = null;
  const { owner, repo } = target;
  const links = await withProvenance(github, report, target);

  if (switches.checks && target.checkSha) {
    try {
      const outcome = await publishCheckRun(github, {
        owner,
        repo,
        name: checkRunName(report.command, target.paths),
        headSha: target.checkSha,
        conclusion,
        title: redact(headline(report, counts)),
        summary: redact(checkRunSummary(report)),
        text: redact(renderSummary(report, counts, { limitBytes: 65_000, links, heading: false })),
        annotations: toCheckAnnotations(report.diagnostics, redact),
      });
      if (outcome.kind === 'forbidden') {
        notes.push(checksForbiddenNote(outcome.installationToken, target.pullRequest !== null));
      } else {
        checkRunPublished = true;
        checkRunUrl = outcome.url;
      }
    } catch (error) {
      notes.push(`Checks run not created or not complete: ${describe(error)}`);
    }
  }

  if (switches.comment && target.pullRequest !== null) {
    const marker = commentMarker(target.workflow, target.paths);
    try {
      const body = redactAfterMarker(
        renderComment(report, counts, marker, target.checkSha, {
          links: target.links,
          runUrl: target.runUrl,
        }),
        marker,
        redact,
      );
      await upsertStickyComment(
        github,
        { owner, repo, pullRequest: target.pullRequest, marker },
        withReviewedPlan(body, report, target.checkSha),
        hasNothingToSay(report),
      );
    } catch (error) {
      notes.push(
        statusOf(error) === 403
          ? 'Pull-request comment not posted: the token lacks the pull-requests: write permission (always so on pull requests from forks).'
          : `Pull-request comment not posted: ${describe(error)}`,
      );
    }
  }

  if (switches.driftIssue && report.command === 'drift') {
    const marker = driftMarker(target.paths);
    const content = renderDriftIssue(report, marker, {
      paths: target.paths,
      sha: target.checkSha,
      runUrl: target.runUrl,
      links,
      dispatch: {
        server: links?.server ?? null,
        repository: `${owner}/${repo}`,
        file: target.workflowFile ?? null,
        name: target.workflow,
      },
    });
    try {
      await syncDriftIssue(
        github,
        { owner, repo, label: switches.driftLabel, marker },
        {
          ...content,
          title: redact(content.title),
          body: redactAfterMarker(content.body, marker, redact),
          closingComment: redact(content.closingComment),
        },
      );
    } catch (error) {
      notes.push(
        statusOf(error) === 403
          ? 'Drift issue not updated: the token lacks the issues: write permission.'
          : `Drift issue not updated: ${describe(error)}`,
      );
    }
  }
  return { checkRunPublished, checkRunUrl, notes: notes.map(redact), links };
}

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

/**
 * Redacts a body that starts with its hidden marker, leaving the marker as it is: a sensitive value that
 * happens to occur in the marker's hash would otherwise change it, and the next run would not find the
 * comment or issue and post a second one.
 */
export function redactAfterMarker(body: string, marker: string, redact: (text: string) => string): string {
  return body.startsWith(marker) ? marker + redact(body.slice(marker.length)) : redact(body);
}

/**
 * A failed GitHub request, in one sentence. Anything that is not a request failure (octokit gives network
 * failures a status too) is a bug of ours: rethrown, so that it is reported as one.
 */
function describe(error: unknown): string {
  const status = statusOf(error);
  if (status === null) throw error;
  const message = error instanceof Error ? error.message : String(error);
  // octokit reports a request that got no answer (DNS, refused, reset) as status 500 without a response:
  // "answered HTTP 500" would send the reader to GitHub's status page instead of the runner's network.
  const answered = typeof error === 'object' && error !== null && (error as { response?: unknown }).response;
  return answered ? `GitHub answered HTTP ${status}: ${message}` : `GitHub could not be reached: ${message}`;
}
