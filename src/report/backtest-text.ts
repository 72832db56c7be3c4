/**
 * A run's backtest for a terminal: one sentence per rule, its resolution, and a sparkline of firing
 * minutes per hour or day, proposed against live on one scale.
 */
import { backtestSentence, resolutionWords } from '../backtest/backtest-sentence.js';
import { bucketWords } from '../backtest/chart-labels.js';
import { sparkline } from '../backtest/firing-chart.js';
import { objectiveSentence } from '../backtest/objective-backtest.js';
import { windowWords } from '../backtest/spans.js';
import { type BacktestReport, isBacktestDone, type RuleBacktest } from '../backtest/types.js';
import { printable } from '../core/printable.js';

export function formatBacktestText(backtest: BacktestReport): string {
  const lines = [
    `Backtest over ${windowWords(backtest.windowSeconds)} (the metrics of each rule's cluster):`,
  ];
  if (backtest.rules.length === 0 && backtest.notBacktested.length === 0) {
    lines.push('  no rule the change creates, or whose condition or for_duration it changes');
  }
  for (const objective of backtest.objectives ?? []) {
    lines.push(
      `  service level objective ${printable(objective.name)} (${printable(objective.file)}:${objective.line}): ${printable(objectiveSentence(objective, backtest.windowSeconds))}`,
    );
  }
  for (const rule of backtest.rules) {
    const symbol = rule.action === 'create' ? '+' : '~';
    lines.push(
      `  ${symbol} ${printable(rule.name)} (${printable(rule.file)}:${rule.line}): ${printable(backtestSentence(rule, backtest.windowSeconds))}`,
    );
    const chart = sparklines(rule);
    if (chart) lines.push(`      ${chart}`);
  }
  for (const rule of backtest.notBacktested) {
    lines.push(
      `  not backtested: ${printable(rule.name)} (${printable(rule.file)}:${rule.line}): ${printable(rule.reason)}`,
    );
  }
  return lines.join('\n');
}

/** `proposed ▁▂█▁  live ▁▁▂▁  (minutes firing per day; figures at a 1 min step)`, or '' with nothing drawn. */
export function sparklines(rule: RuleBacktest): string {
  const outcomes = [rule.proposed, rule.live].filter(isBacktestDone);
  if (outcomes.length === 0 || outcomes.every((o) => o.series === 0)) return '';
  const max = Math.max(0, ...outcomes.flatMap((o) => o.perBucket));
  const parts: string[] = [];
  if (isBacktestDone(rule.proposed)) parts.push(`proposed ${sparkline(rule.proposed.perBucket, max)}`);
  if (isBacktestDone(rule.live)) parts.push(`live ${sparkline(rule.live.perBucket, max)}`);
  const per = bucketWords(outcomes[0]!.bucketSeconds);
  return `${parts.join('  ')}  (minutes firing ${per}, highest ${max}; ${resolutionWords(rule)})`;
}
