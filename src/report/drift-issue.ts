import { nounOf } from '../kinds/registry.js';
import { fitBlocks } from '../markdown/budget.js';
import { fenced, inlineCode, link, sliceChars } from '../markdown/escape.js';
import { type PendingChange, pendingChanges } from '../model/types.js';
import { countByKind, type KindCounts } from '../plan/change-counts.js';
import type { AdoptedEdit } from '../plan/drift-write-back.js';
import type { RunReport } from '../run/reports.js';
import type { SourceLinks } from './change-markdown.js';
import { COMMENT_LIMIT_CHARS } from './comment.js';
import { driftedWords, kindsNoun } from './kind-words.js';
import { paragraph, planBlock } from './tables.js';

export interface DriftIssueContent {
  readonly drifted: boolean;
  readonly title: string;
  readonly body: string;
  /** Posted when drift is gone, before closing. */
  readonly closingComment: string;
}

/** The workflow that checked for drift, which a person can run again to apply the default branch. */
export interface DispatchTarget {
  /** GITHUB_SERVER_URL, e.g. https://github.com; null when not known (no link to the Actions page then). */
  readonly server: string | null;
  /** `owner/repo`. */
  readonly repository: string;
  /** The workflow's file name under `.github/workflows`, when the runner said it. */
  readonly file: string | null;
  /** The workflow's name (GITHUB_WORKFLOW), which `gh workflow run` takes too. */
  readonly name: string;
}

/** The issue's text: the marker, how to remove the drift, the drifted rules, and where the run is. */
export function renderDriftIssue(
  report: RunReport,
  marker: string,
  context: {
    readonly paths: readonly string[];
    readonly sha: string;
    readonly runUrl: string | null;
    readonly links?: SourceLinks | null;
    readonly dispatch?: DispatchTarget | null;
    /** The drift pull request's page, which adopts this drift into git. */
    readonly pullRequest?: string | null;
  },
): DriftIssueContent {
  const pending = remainingDrift(report);
  const adopted = madeOutsideGit(report, context.pullRequest ?? null);
  const remediated = report.results.some((r) => r.ok);
  const scope =
    context.paths.length === 1 && context.paths[0] === '.' ? '' : ` (${context.paths.join(', ')})`;
  const run = context.runUrl ? ` in [this run](${context.runUrl})` : '';
  const commit = context.sha ? ` at commit ${inlineCode(context.sha.slice(0, 7))}` : '';
  const body = fitBlocks(
    [
      paragraph(
        // No heading: the issue's title, right above, says it.
        `${marker}\n` +
          `The drift check${run} found ${foundWords(countByKind(pending), adopted)}${commit}. In each change \`-\` (or the left of →) is the ` +
          "live value and `+` (the right) the document's; a *create* is a rule a document declares and the " +
          'service lacks. This issue is updated by every drift check and closed when the drift is gone.',
      ),
      ...(context.pullRequest
        ? [
            paragraph(
              `**To keep the live state instead**, review and merge ${link('the drift pull request', context.pullRequest)}: it writes these edits into the documents.${refreshCommand(context.dispatch ?? null)}`,
            ),
          ]
        : []),
      paragraph(remediation(context.dispatch ?? null)),
      // Every kind's drift in one list (a receiver's says its secret cannot be compared); no empty heading
      // when only what no document manages drifted.
      ...(pending.length > 0
        ? [planBlock(pending, `#### Drifted ${kindsNoun(pending)}`, context.links)]
        : []),
      ...(adopted.length > 0
        ? [
            {
              open:
                '#### Made outside git, adopted by the pull request\n\nNo document manages these: the drift ' +
                'pull request adds each to git as `export` writes it.',
              rows: adopted.map(
                (a) =>
                  `- ${nounOf(a)} ${inlineCode(a.name)} (${inlineCode(a.id ?? '')}) → ${inlineCode(a.file)}`,
              ),
              rowNoun: 'item',
            },
          ]
        : []),
    ],
    COMMENT_LIMIT_CHARS,
    (text) => text.length,
    'The job summary, the Checks run and the `plan-json` output (the JSON artifact) of the drift check have every drifted rule.',
  ).markdown;
  return {
    drifted: pending.length + adopted.length > 0,
    title: sliceChars(`Alert rules drifted from the default branch${scope}`, 250),
    body,
    closingComment: remediated
      ? `The drift was removed by remediation${commit}${run}: closing.`
      : `No drift any more${commit}${run}: closing.`,
  };
}

/**
 * The rules and receivers made in the console that the drift pull request adds to git: drift too, while
 * that pull request is open (its page is known), so the issue it links exists and lists them.
 */
function madeOutsideGit(report: RunReport, pullRequest: string | null): AdoptedEdit[] {
  if (pullRequest === null || report.command !== 'drift' || report.writeBack === undefined) return [];
  return report.writeBack.adopted.filter((a) => a.change === null);
}

/** What was found: what differs from the documents, then what no document manages. */
function foundWords(drifted: KindCounts, adopted: readonly AdoptedEdit[]): string {
  const differs = `${driftedWords(drifted, 'alert rule')} whose live state differs from the documents`;
  if (adopted.length === 0) return differs;
  const made = `${driftedWords(countByKind(adopted), 'alert rule')} made outside git, which no document manages`;
  return Object.keys(drifted).length === 0 ? made : `${differs}, and ${made}`;
}

/**
 * The drifted changes, of every kind, still drifted after this run: a remediating check (`remediate: true`) removed those
 * whose write succeeded, so the issue shows only what is left.
 */
function remainingDrift(report: RunReport): PendingChange[] {
  const pending = report.plan ? pendingChanges(report.plan) : [];
  return pending.filter((change) => change.result?.ok !== true);
}

/**
 * How to remove the drift: apply the default branch by dispatching the workflow with `command: apply`
 * (the input the workflow `init` writes declares), from its Actions page or with `gh`; or, when the live
 * change was meant, make the documents say it.
 */
/**
 * The dispatch that brings the drift pull request up to date now rather than at the next scheduled check:
 * the workflow with `command: drift` (its drift job has `drift-pull-request: true`).
 */
function refreshCommand(dispatch: DispatchTarget | null): string {
  const workflow = dispatch ? (dispatch.file ?? (dispatch.name || null)) : null;
  if (!dispatch || !workflow) return ' Every drift check updates it.';
  const command = `gh workflow run ${shellWord(workflow)} --repo ${shellWord(dispatch.repository)} -f command=drift`;
  return ` Every drift check updates it; to update it now, run this workflow with its \`command\` input set to \`drift\`:\n\n${fenced(command, 'sh')}`;
}

function remediation(dispatch: DispatchTarget | null): string {
  const instead = 'If a live change was meant, edit the documents to match it instead.';
  const workflow = dispatch ? (dispatch.file ?? (dispatch.name || null)) : null;
  if (!dispatch || !workflow) {
    return `**To remove the drift**, apply the default branch: run the workflow with its \`command\` input set to \`apply\`. ${instead}`;
  }
  const page =
    dispatch.file && dispatch.server
      ? ` (${link('Run workflow', `${dispatch.server}/${dispatch.repository}/actions/workflows/${encodeURIComponent(dispatch.file)}`)} on its Actions page)`
      : '';
  const command = `gh workflow run ${shellWord(workflow)} --repo ${shellWord(dispatch.repository)} -f command=apply`;
  return (
    `**To remove the drift**, apply the default branch: run this workflow with its \`command\` input set to \`apply\`${page}, or\n\n` +
    `${fenced(command, 'sh')}\n\n` +
    'The workflow `platform-gitops init` writes declares that `command` input. To have every drift check ' +
    "apply by itself, set the action's `remediate: true` input in its drift job (it is not an input of " +
    `the dispatch). ${instead}`
  );
}

/** A word for a POSIX shell: as it is when it is plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
