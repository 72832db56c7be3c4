import type { RunReport } from '../commands/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { type Block, fitBlocks } from '../markdown/budget.js';
import {
  escapeInline,
  htmlCode,
  inlineCode,
  messageMarkdown,
  tableHead,
  tableRow,
} from '../markdown/escape.js';
import type { AlertRuleChange } from '../plan/types.js';
import { pendingChanges } from '../plan/types.js';
import type { RunCounts } from './outcome.js';
import { headline, plural } from './outcome.js';
import { changeRow, componentsBlock, paragraph } from './tables.js';

/** GitHub refuses comment bodies over 65,536 characters; keep a margin. */
export const COMMENT_LIMIT_CHARS = 65_000;

const LEVEL_MARK: Readonly<Record<Diagnostic['severity'], string>> = {
  error: '❌',
  warning: '⚠️',
  notice: 'ℹ️',
};

/**
 * True when a pull request has nothing worth a comment: no pending change, no error or warning, no failed
 * resolution. Notices (a ghost rule, say) are in the summary; alone they do not start a conversation.
 */
export function hasNothingToSay(report: RunReport): boolean {
  const pending = report.plan ? pendingChanges(report.plan).length : 0;
  return (
    pending === 0 &&
    report.diagnostics.every((d) => d.severity === 'notice') &&
    report.components.every((c) => c.status !== 'failed')
  );
}

/**
 * The sticky comment's body: the marker, the outcome, then one collapsible section per file with its
 * findings and changes. Cut at a section or row boundary to stay under GitHub's limit.
 */
export function renderComment(
  report: RunReport,
  counts: RunCounts,
  marker: string,
  sha: string,
  limit = COMMENT_LIMIT_CHARS,
): string {
  const title = `### platform-gitops ${report.command}`;
  const commit = sha ? ` (commit ${inlineCode(sha.slice(0, 7))})` : '';
  const skipped = report.skipped.map((s) => `> ${messageMarkdown(s, 2000)}`).join('\n>\n');
  if (hasNothingToSay(report)) {
    const notices = report.diagnostics.length;
    const planned = report.command !== 'validate';
    const rest =
      notices > 0 ? `; ${plural(notices, 'notice')} in the job summary` : planned ? ' and no findings' : '';
    // A validation made no plan: "no changes" would claim what nobody checked.
    const verdict = planned ? 'No changes' : 'All documents valid';
    const why = skipped ? `\n\n${skipped}` : '';
    // A component change has no plan of its own: say that it was checked, or "no changes" reads as ignored.
    const resolved = report.components.filter((c) => c.status === 'resolved').length;
    const checked = resolved > 0 ? ` ${plural(resolved, 'component')} resolved without a violation.` : '';
    return `${marker}\n${title}\n\n${verdict}${rest}${commit}.${checked}${why}`;
  }
  const blocks: Block[] = [
    paragraph(`${marker}\n${title}\n\n**${escapeInline(headline(report, counts))}**${commit}`),
  ];
  if (skipped) blocks.push(paragraph(skipped));
  blocks.push(...fileSections(report));
  if (report.components.length > 0) blocks.push(componentsBlock(report.components));
  return fitBlocks(
    blocks,
    limit,
    (text) => text.length,
    'The job summary and the Checks run of this workflow have the rest.',
  ).markdown;
}

function fileSections(report: RunReport): Block[] {
  const byFile = new Map<string, { findings: Diagnostic[]; changes: AlertRuleChange[] }>();
  const entry = (file: string) => {
    let e = byFile.get(file);
    if (!e) {
      e = { findings: [], changes: [] };
      byFile.set(file, e);
    }
    return e;
  };
  for (const d of report.diagnostics) entry(d.file).findings.push(d);
  for (const c of report.plan ? pendingChanges(report.plan) : []) entry(c.file).changes.push(c);

  // Files in order, then what concerns the run as a whole (a ghost rule, a service notice): least to act on.
  const files = [...byFile.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return files.map((file) => {
    const { findings, changes } = byFile.get(file)!;
    const counts = [
      findings.length > 0 ? plural(findings.length, 'finding') : '',
      changes.length > 0 ? plural(changes.length, 'change') : '',
    ].filter(Boolean);
    const hasError = findings.some((d) => d.severity === 'error');
    // GitHub reads no Markdown inside <summary>: HTML code, not backticks.
    const name = file ? htmlCode(file, 300) : 'the run';
    const rows = [
      ...findings.map((d) =>
        tableRow([
          `${LEVEL_MARK[d.severity]} ${d.severity}`,
          inlineCode(d.code),
          d.file ? `line ${d.line}` : '—',
          messageMarkdown(d.message),
        ]),
      ),
      ...changes.map((c) => changeRow(c, `line ${c.line}`)),
    ];
    return {
      open: `<details${hasError ? ' open' : ''}><summary>${hasError ? '❌ ' : ''}${name}: ${counts.join(', ')}</summary>\n\n${tableHead(['Kind', 'Rule or code', 'Where', 'Details'])}`,
      rows,
      close: '\n</details>',
      rowNoun: 'row',
    };
  });
}
