/**
 * One publisher per GitHub destination (the Checks run, the sticky comment, the drift issue), behind one
 * small interface: each renders its text, redacts it, posts it and says in one note what could not be
 * posted and why. `publishToGitHub` (src/github/publish.ts) is a loop over them; a new destination is one
 * new file and its line in that loop's list.
 */

import type { SourceLinks } from '../report/change-markdown.js';
import type { CheckConclusion } from '../report/checks.js';
import type { RunCounts } from '../report/run-counts.js';
import type { RunReport } from '../run/reports.js';
import type { EvidenceLookup } from './evidence-lookup.js';
import { type GitHubClient, statusOf } from './github-client.js';

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
  /**
   * The run's evidence (src/github/evidence-lookup.ts), which tells where each changed rule's document came
   * from, with what it already asked GitHub; absent: none looked up.
   */
  readonly evidence?: EvidenceLookup | null;
  /** The workflow's file name (GITHUB_WORKFLOW_REF), for the drift issue's dispatch command. */
  readonly workflowFile?: string | null;
}

/** Which destinations the inputs ask for. */
export interface PublishSwitches {
  readonly checks: boolean;
  readonly comment: boolean;
  readonly driftIssue: boolean;
  readonly driftLabel: string;
  /** The drift pull request that adopts the drift (drift-pull-request.ts); absent: off. */
  readonly driftPullRequest?: boolean;
}

/** One run, as every publisher sees it. */
export interface PublishInput {
  readonly github: GitHubClient;
  readonly report: RunReport;
  readonly counts: RunCounts;
  readonly conclusion: CheckConclusion;
  readonly target: PublishTarget;
  readonly switches: PublishSwitches;
  /** The target's links, with where each changed rule's document came from when that is known. */
  readonly links: SourceLinks | null;
  /** The redactor, then the output boundary (docs/decisions/output-boundary.md): every text sent passes it. */
  readonly redact: (text: string) => string;
  /** The drift pull request's page, once its publisher ran: the drift issue links it. */
  readonly driftPullRequestUrl?: string | null;
}

/** What one destination got: posted or not, its page when GitHub gave one, and why not when it was not. */
export interface PublishOutcome {
  readonly posted: boolean;
  readonly url: string | null;
  /** One line about what could not be posted and why; null when posted. */
  readonly note: string | null;
  /** The issue's or pull request's number, when the destination is one and it is open. */
  readonly number?: number | null;
  /** The drift pull request's: the drift issue its description links (null: none yet). */
  readonly linkedIssue?: number | null;
}

export interface Publisher {
  /** The destination's name, as the reader knows it. */
  readonly destination: string;
  /** Whether the inputs ask for this destination and the run has one (a pull request, a commit, a drift run). */
  appliesTo(input: PublishInput): boolean;
  /** Renders, redacts and posts; a missing permission or a GitHub failure is a note, never a throw. */
  publish(input: PublishInput): Promise<PublishOutcome>;
}

export const POSTED: PublishOutcome = { posted: true, url: null, note: null };

export function notPosted(note: string): PublishOutcome {
  return { posted: false, url: null, note };
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
export function describeFailure(error: unknown): string {
  const status = statusOf(error);
  if (status === null) throw error;
  const message = error instanceof Error ? error.message : String(error);
  // octokit reports a request that got no answer (DNS, refused, reset) as status 500 without a response:
  // "answered HTTP 500" would send the reader to GitHub's status page instead of the runner's network.
  const answered = typeof error === 'object' && error !== null && (error as { response?: unknown }).response;
  return answered ? `GitHub answered HTTP ${status}: ${message}` : `GitHub could not be reached: ${message}`;
}
