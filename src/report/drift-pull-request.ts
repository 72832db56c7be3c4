/**
 * The drift pull request's title, description and closing comment (docs/decisions/drift-pull-request.md).
 * Each adopted edit, of any kind, is shown with the plan's own words and diff (change-markdown.ts):
 * the reviewer reads the same change the drift issue shows, from the other side. What the pull request
 * does not write (a rule deleted in the console, a drift it could not place) is listed for a person.
 */

import { kindNamed, nounOf } from '../kinds/registry.js';
import { type Block, fitBlocks } from '../markdown/budget.js';
import { codeLink, escapeInline, inlineCode, sliceChars } from '../markdown/escape.js';
import type { WriteBack } from '../plan/drift-write-back.js';
import { changeMarkdown, lineUrl, type SourceLinks } from './change-markdown.js';
import { COMMENT_LIMIT_CHARS } from './comment.js';
import { capitalized, kindsNoun } from './kind-words.js';
import { paragraph } from './tables.js';

export interface DriftPullRequestContent {
  /** Whether there is anything to propose: files to change. */
  readonly adopting: boolean;
  readonly title: string;
  readonly body: string;
  /** Posted when git and the service agree again, before closing. */
  readonly closingComment: string;
  /** The commit message of the branch's one commit. */
  readonly commitMessage: string;
}

export interface DriftPullRequestContext {
  readonly paths: readonly string[];
  /** The commit the branch is made on (the default branch's, planned). */
  readonly sha: string;
  readonly runUrl: string | null;
  readonly links: SourceLinks | null;
  /** The open drift issue's number, when there is one. */
  readonly driftIssue: number | null;
}

export function renderDriftPullRequest(
  written: WriteBack,
  marker: string,
  context: DriftPullRequestContext,
): DriftPullRequestContent {
  const scope =
    context.paths.length === 1 && context.paths[0] === '.' ? '' : ` (${context.paths.join(', ')})`;
  const run = context.runUrl ? ` in [this run](${context.runUrl})` : '';
  const commit = context.sha ? ` at commit ${inlineCode(context.sha.slice(0, 7))}` : '';
  const issue = context.driftIssue === null ? '' : ` It adopts the drift reported in #${context.driftIssue}.`;
  // Every kind's edits in one list, in the plan's order.
  const edits = written.adopted.flatMap((a) => (a.change === null ? [] : [a.change]));
  const added = written.adopted.filter((a) => a.change === null);
  const blocks: Block[] = [
    paragraph(
      `${marker}\n` +
        `The drift check${run} found alert rules and receivers edited or made outside git${commit}. This ` +
        'pull request writes them into the documents, so that git says what the service does.' +
        `${issue} Merge it to keep the live state; close it to have the next apply restore the documents. ` +
        'Every drift check updates this branch in place, and closes this pull request when git and the ' +
        'service agree again.',
    ),
  ];
  if (edits.length > 0) {
    // A kind whose secrets cannot be compared says so on its lines; what the pull request does with them, here.
    const secrets = edits.some((c) => kindNamed(c.kind).uncompared !== undefined)
      ? ' A secret is never written: the documents keep reading it from the environment.'
      : '';
    blocks.push({
      open:
        `#### ${capitalized(kindsNoun(edits))} edited outside git\n\nThe plan's words: \`-\` (the left of →) is the ` +
        "live value, which this pull request writes into the document; `+` (the right) is the document's " +
        `value it replaces.${secrets}`,
      rows: edits.map((c) => `\n${changeMarkdown(c, context.links)}`),
      rowNoun: 'change',
    });
  }
  if (added.length > 0) {
    blocks.push({
      open:
        '#### Made outside git, added as `export` writes them\n\nEach is written with its live `id`, so ' +
        'that applying the file manages the rule or receiver it came from rather than making another.',
      rows: added.map((a) => {
        const what = nounOf(a);
        const secret = a.variable
          ? ` — its secret is read from ${inlineCode(a.variable)}: pass that variable to the workflow's \`env:\` before merging`
          : '';
        return `- ➕ ${what} ${inlineCode(a.name)} (${inlineCode(a.id ?? '')}) → ${inlineCode(a.file)}${secret}`;
      }),
      rowNoun: 'document',
    });
  }
  if (written.toDecide.length > 0) {
    blocks.push({
      open:
        '#### For you to decide (not changed here)\n\nThese documents describe what the service does not ' +
        'have. This pull request never removes a document: delete it in this branch if the removal was ' +
        'meant, or leave it for the next apply to make again.',
      rows: written.toDecide.map((d) => {
        const what = nounOf(d);
        const why =
          d.why === 'deleted'
            ? 'deleted outside git: its `id` names nothing live, so every run reports it until its document is removed (or its `id` is, to make it again)'
            : 'not in the service: the next apply makes it';
        const where = codeLink(`${d.file}:${d.line}`, lineUrl(context.links, d.file, d.line));
        return `- ${what} ${inlineCode(d.name || '(no name)')} · ${where}: ${why}`;
      }),
      rowNoun: 'document',
    });
  }
  if (written.notWritten.length > 0) {
    blocks.push({
      open: '#### Drift not written back',
      rows: written.notWritten.map(
        (n) => `- ${inlineCode(n.name)} in ${inlineCode(n.file)}: ${escapeInline(n.reason)}`,
      ),
      rowNoun: 'item',
    });
  }
  const body = fitBlocks(
    blocks,
    COMMENT_LIMIT_CHARS,
    (text) => text.length,
    "The files of this pull request have every change; the drift check's job summary lists each.",
  ).markdown;
  const count = written.adopted.length;
  return {
    adopting: written.files.length > 0,
    title: sliceChars(
      `Adopt ${count} alert rule and receiver edit${count === 1 ? '' : 's'} made outside git${scope}`,
      250,
    ),
    body,
    closingComment: `Git and the service agree again${commit}${run}: closing.`,
    commitMessage:
      `Adopt ${count} edit${count === 1 ? '' : 's'} made outside git into the documents\n\n` +
      written.adopted.map((a) => `- ${a.change === null ? 'add' : 'edit'} ${a.name} (${a.file})`).join('\n'),
  };
}
