/** A range query's answer → what a rule would have done over the window, and what that calls for. */
import { firingHistory } from './episodes.js';
import { bucketSeconds, firingMinutesPerBucket } from './firing-chart.js';
import { activeSamples, type RuleQuery } from './rule-query.js';
import type { BacktestDone, BacktestVerdict, BacktestWindow, MetricSeries } from './types.js';

/** Firing for more than this part of the window is firing "for most of it": a page nobody can act on. */
export const MOSTLY_FIRING = 0.5;

export function backtestOutcome(
  series: readonly MetricSeries[],
  rule: Pick<RuleQuery, 'meets' | 'forSeconds' | 'expression'>,
  window: BacktestWindow,
): BacktestDone {
  const history = firingHistory(activeSamples(series, rule.meets), rule.forSeconds, window);
  const { figures } = history;
  const verdict = verdictOf(series, figures.fired, figures.firingSeconds, window);
  return {
    status: 'done',
    expression: rule.expression,
    stepSeconds: window.stepSeconds,
    series: series.length,
    seriesFired: history.perSeries.filter((s) => s.figures.fired > 0).length,
    figures,
    perBucket: firingMinutesPerBucket(history.overall, window),
    bucketSeconds: bucketSeconds(window.end - window.start),
    ...(verdict ? { verdict } : {}),
  };
}

function verdictOf(
  series: readonly MetricSeries[],
  fired: number,
  firingSeconds: number,
  window: BacktestWindow,
): BacktestVerdict | undefined {
  // No series at all: the metric may not exist on the cluster, or the query selects nothing.
  if (series.length === 0) return 'no-series';
  if (firingSeconds > (window.end - window.start) * MOSTLY_FIRING) return 'mostly-firing';
  // Data that exists never met the condition: a rule that cannot fire protects nothing.
  if (fired === 0 && series.some((s) => s.values.length > 0)) return 'never-fired';
  return undefined;
}
