/**
 * A run's backtest in the sticky comment and the job summary: per rule, the sentence a reviewer reads and a
 * chart of firing minutes per hour or day, proposed against live, as a Mermaid `xychart-beta` that GitHub
 * draws; the Unicode sparkline only where there is no chart (nothing fired: the sentence says so, the
 * sparkline shows the flat line), as a chart and a sparkline say the same thing twice. One row per rule, so
 * that the size budget cuts between rules.
 */
import { backtestSentence } from '../backtest/backtest-sentence.js';
import { bucketLabels, bucketWords } from '../backtest/chart-labels.js';
import { firstBucketStart } from '../backtest/firing-chart.js';
import { objectiveSentence } from '../backtest/objective-backtest.js';
import { windowWords } from '../backtest/spans.js';
import {
  type BacktestDone,
  type BacktestReport,
  isBacktestDone,
  type RuleBacktest,
} from '../backtest/types.js';
import type { Block } from '../markdown/budget.js';
import { escapeInline, inlineCode, messageMarkdown } from '../markdown/escape.js';
import { sparklines } from './backtest-text.js';
import { type SourceLinks, whereLink } from './change-markdown.js';

/**
 * The comment's and the summary's backtest, or null when the change touched no rule's firing (a pull
 * request that edits descriptions gets no section saying there is nothing to show).
 */
export function backtestBlock(
  backtest: BacktestReport | undefined,
  links: SourceLinks | null | undefined,
): Block | null {
  if (backtest === undefined || backtest.rules.length + backtest.notBacktested.length === 0) return null;
  const when = windowWords(backtest.windowSeconds);
  const open = `#### Backtest: ${when}\n\nWhat each rule the change creates or whose condition it changes would have done on its cluster's metrics.`;
  const rows = [
    ...(backtest.objectives ?? []).map(
      (objective) =>
        `\n**Service level objective ${inlineCode(objective.name, 200, false)}** (${whereLink(objective.file, objective.line, links)}): ${escapeInline(objectiveSentence(objective, backtest.windowSeconds), 2000)}. Its rules follow.`,
    ),
    ...backtest.rules.map((rule) => `\n${ruleMarkdown(rule, backtest, links)}`),
    ...backtest.notBacktested.map(
      (rule) =>
        `\n- ${inlineCode(rule.name, 200, false)} (${whereLink(rule.file, rule.line, links)}): not backtested, ${messageMarkdown(rule.reason)}`,
    ),
  ];
  return { open, rows, rowNoun: 'backtest' };
}

function ruleMarkdown(
  rule: RuleBacktest,
  backtest: BacktestReport,
  links: SourceLinks | null | undefined,
): string {
  const head = `**${inlineCode(rule.name, 200, false)}** (${whereLink(rule.file, rule.line, links)}): ${escapeInline(backtestSentence(rule, backtest.windowSeconds), 2000)}`;
  const chart = mermaidChart(rule, backtest);
  const fallback = chart ? '' : sparklines(rule);
  return [head, chart, fallback ? inlineCode(fallback, 2000, false) : ''].filter(Boolean).join('\n\n');
}

/**
 * The chart, or '' when there is nothing to draw. Mermaid reads the block's text as its own language: a
 * rule's name never goes in it, only numbers and labels made here. Both sides are lines: Mermaid stands a
 * bar on the bottom of the plot, below the axis' 0 by half a label's height, so a bar of 0 minutes was
 * drawn as a small one, and a day that never fired looked as if it had.
 */
export function mermaidChart(rule: RuleBacktest, window: Pick<BacktestReport, 'start' | 'end'>): string {
  const outcomes = [rule.proposed, rule.live].filter(isBacktestDone);
  // Nothing fired on either side: a flat chart says less than the sentence and its sparkline.
  if (outcomes.every((o) => o.figures.fired === 0)) return '';
  const first = outcomes[0]!;
  const labels = bucketLabels(firstBucketStart(window), first.bucketSeconds, first.perBucket.length);
  const max = axisMax(Math.max(...outcomes.flatMap((o) => o.perBucket)));
  const series = (o: BacktestDone) => `[${o.perBucket.join(', ')}]`;
  const lines = [
    '```mermaid',
    // Mermaid's default line is a pale lavender: the proposed rule in blue, the live one in orange; and a
    // chart per rule is kept low, so that a comment of ten rules is still read as a comment.
    `%%{init: {"xyChart": {"width": 640, "height": 240}, "themeVariables": {"xyChart": {"plotColorPalette": "${rule.live ? '#2f81f7, #fb8500' : '#2f81f7'}"}}}}%%`,
    'xychart-beta',
    `    title "Minutes firing ${bucketWords(first.bucketSeconds)} (UTC): ${rule.live ? 'blue proposed, orange live' : 'proposed'}"`,
    `    x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `    y-axis "minutes" 0 --> ${max}`,
  ];
  if (isBacktestDone(rule.proposed)) lines.push(`    line ${series(rule.proposed)}`);
  if (isBacktestDone(rule.live)) lines.push(`    line ${series(rule.live)}`);
  lines.push('```');
  return lines.join('\n');
}

/**
 * The top of the y axis: the smallest of 8, 16 and 40 times a power of ten at or above the highest value.
 * Mermaid marks the axis where d3's `ticks()` does (about ten marks, steps of 1, 2 or 5 times a power of
 * ten, which the chart's configuration cannot change): up to 3 the marks went by 0.2 (16 labels on a
 * chart 240 pixels high, one on the other), up to 7 by 0.5. From 0 to each of these tops d3 marks every
 * whole step and the top itself, nine marks of whole minutes (0, 1, …, 8; 0, 2, …, 16; 0, 5, …, 40).
 */
export function axisMax(highest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const top of [8, 16, 40]) if (top * power >= highest) return top * power;
  }
}
