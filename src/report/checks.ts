import type { Diagnostic } from '../core/diagnostic.js';
import { compareDiagnostics } from '../core/diagnostic.js';
import type { GitHubClient } from '../github/client.js';
import { statusOf } from '../github/client.js';
import { sliceChars, truncateUtf8 } from './markdown.js';

/** GitHub's limits on a Checks run (REST API, check runs). */
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
export const MAX_CHECK_TITLE = 255;
export const MAX_ANNOTATION_MESSAGE_BYTES = 64 * 1024;
export const MAX_OUTPUT_TEXT = 65_535;

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export interface CheckAnnotation {
  readonly path: string;
  readonly start_line: number;
  readonly end_line: number;
  readonly start_column?: number;
  readonly end_column?: number;
  readonly annotation_level: 'notice' | 'warning' | 'failure';
  readonly message: string;
  readonly title: string;
}

export interface CheckRunInput {
  readonly owner: string;
  readonly repo: string;
  readonly name: string;
  readonly headSha: string;
  readonly conclusion: CheckConclusion;
  readonly title: string;
  /** Short Markdown shown at the top of the run (one or two lines). */
  readonly summary: string;
  /** Markdown details; cut to GitHub's limit here. */
  readonly text: string;
  readonly annotations: readonly CheckAnnotation[];
}

export type CheckRunOutcome =
  | { readonly kind: 'published'; readonly url: string | null; readonly requests: number }
  | { readonly kind: 'forbidden' };

const LEVEL: Readonly<Record<Diagnostic['severity'], CheckAnnotation['annotation_level']>> = {
  error: 'failure',
  warning: 'warning',
  notice: 'notice',
};

/**
 * Every finding that names a file, as a Checks annotation (findings about the run as a whole have no line
 * to sit on; they are in the run's text). Most important first, so that the first request carries them.
 */
export function toCheckAnnotations(
  diagnostics: readonly Diagnostic[],
  redact: (text: string) => string,
): CheckAnnotation[] {
  return [...diagnostics]
    .filter((d) => d.file !== '')
    .sort(compareDiagnostics)
    .map((d) => {
      const sameLine = d.endLine <= d.line;
      const base = {
        path: d.file,
        start_line: d.line,
        end_line: Math.max(d.line, d.endLine),
        annotation_level: LEVEL[d.severity],
        message: truncateUtf8(redact(d.message), MAX_ANNOTATION_MESSAGE_BYTES - 16),
        title: sliceChars(redact(d.title ?? d.code), MAX_CHECK_TITLE),
      };
      // Columns are accepted only on a one-line annotation; GitHub's end column is inclusive.
      return sameLine
        ? { ...base, start_column: d.column, end_column: Math.max(d.column, d.endColumn - 1) }
        : base;
    });
}

/**
 * Creates the Checks run and delivers every annotation, 50 per request: one request when they fit,
 * otherwise create (in progress) then update to append, the last update completing the run. A 403 (the
 * token lacks `checks: write`, as on fork pull requests) is an expected outcome, not an error.
 */
export async function publishCheckRun(github: GitHubClient, input: CheckRunInput): Promise<CheckRunOutcome> {
  const { owner, repo } = input;
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < input.annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(input.annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  const output = (annotations: CheckAnnotation[] | undefined) => ({
    title: sliceChars(input.title, MAX_CHECK_TITLE),
    summary: sliceChars(input.summary, MAX_OUTPUT_TEXT),
    text: sliceChars(input.text, MAX_OUTPUT_TEXT),
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
    if (statusOf(error) === 403) return { kind: 'forbidden' };
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
          summary: sliceChars(
            `${input.summary}\n\n> Some annotations could not be added to this run; the job summary has every finding.`,
            MAX_OUTPUT_TEXT,
          ),
        },
      })
      .catch(() => undefined);
    throw error;
  }
  return { kind: 'published', url: created.url, requests };
}
