/**
 * The error budget an objective burned over the backtest's window: one instant query of the indicator's bad
 * share over the whole window, at its end (backtest/objective-backtest.ts says how it becomes a share). A
 * failure makes the share unknown, with the reason: never a finding, never a failure of the run.
 */
import { budgetBurned, budgetQuery } from '../backtest/objective-backtest.js';
import type { ObjectiveBacktest } from '../backtest/types.js';
import { parsePrometheusVector } from '../service/decode/prometheus-answer.js';
import type { ServiceClient } from '../service/types.js';

export async function withBudgetBurned(
  client: Pick<ServiceClient, 'getClusterMetrics'>,
  objective: ObjectiveBacktest,
  clusterId: string,
  window: { readonly end: number; readonly windowSeconds: number; readonly deadlineMs: number },
): Promise<ObjectiveBacktest> {
  const unknown = (reason: string): ObjectiveBacktest => ({ ...objective, budgetUnavailable: reason });
  try {
    const answer = await client.getClusterMetrics(clusterId, {
      endpoint: 'api/v1/query',
      query: budgetQuery(objective.source, window.windowSeconds),
      time: String(window.end),
      deadlineMs: window.deadlineMs,
    });
    const parsed = parsePrometheusVector(answer.metrics);
    if (!parsed.ok) return unknown(parsed.reason);
    if (parsed.series.length !== 1) {
      return unknown(`the indicator gave ${parsed.series.length} series over the window, not one`);
    }
    const ratio = Number(parsed.series[0]!.values.at(-1)?.[1]);
    if (!Number.isFinite(ratio)) return unknown('the indicator gave no number over the window');
    return { ...objective, budgetBurned: budgetBurned(ratio, window.windowSeconds, objective.source) };
  } catch (error) {
    return unknown(error instanceof Error ? error.message : String(error));
  }
}
