/**
 * A rule's backtest in one sentence, the same in the terminal, the comment and the summary:
 * "would have fired 14 times (3 h 20 min in all; longest 55 min) in the last 7 days — now: 2 times (12 min)".
 */
import { plural } from '../core/plural.js';
import { formatSpan, windowWords } from './spans.js';
import { type BacktestOutcome, isBacktestDone, type RuleBacktest } from './types.js';

export function backtestSentence(rule: RuleBacktest, windowSeconds: number): string {
  const when = windowWords(windowSeconds);
  const proposed = proposedWords(rule.proposed, when);
  if (rule.live === undefined) return proposed;
  // One failure stopped both: said once.
  if (
    rule.live.status === 'unavailable' &&
    rule.proposed.status === 'unavailable' &&
    rule.live.reason === rule.proposed.reason
  )
    return proposed;
  return `${proposed} — now: ${liveWords(rule.live)}`;
}

function proposedWords(outcome: BacktestOutcome, when: string): string {
  if (outcome.status === 'unavailable') return `backtest unavailable: ${outcome.reason}`;
  if (outcome.series === 0) return `no series in ${when}: the metric may not exist on this cluster`;
  const { fired, firingSeconds, longestSeconds } = outcome.figures;
  if (fired === 0) return `would not have fired in ${when}`;
  return `would have fired ${plural(fired, 'time')} (${formatSpan(firingSeconds)} in all; longest ${formatSpan(longestSeconds)}) in ${when}`;
}

function liveWords(outcome: BacktestOutcome): string {
  if (outcome.status === 'unavailable') return `backtest unavailable: ${outcome.reason}`;
  if (outcome.series === 0) return 'no series';
  const { fired, firingSeconds } = outcome.figures;
  if (fired === 0) return 'never';
  return `${plural(fired, 'time')} (${formatSpan(firingSeconds)})`;
}

/** The resolution the figures have: "figures at a 1 min step". */
export function resolutionWords(rule: RuleBacktest): string {
  const steps = [rule.proposed, rule.live].filter(isBacktestDone).map((o) => o.stepSeconds);
  if (steps.length === 0) return '';
  return `figures at a ${formatSpan(Math.max(...steps))} step`;
}
