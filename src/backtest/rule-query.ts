/**
 * The query a backtest asks for a rule, and the test of each of its samples. The service is understood to
 * evaluate `function(promql) operator threshold` (the model of the Prometheus export,
 * src/prometheus-rules/rules-from-documents.ts: an inference from the API's fields, not a published
 * contract). The backtest asks for `function(promql)` only and compares each sample with the threshold
 * itself: the same alert, and one query tells a series that never crossed the threshold from a metric
 * that does not exist (docs/decisions/backtest.md).
 */
import { durationSeconds } from '../core/duration.js';
import { evaluatedExpression } from '../prometheus-rules/rules-from-documents.js';
import type { AlertRuleCondition } from '../service/types/alert-rules.js';
import type { MetricSeries } from './types.js';

/** What a backtest needs of a rule: its condition and how long it must hold. */
export interface RuleUnderTest {
  readonly condition: AlertRuleCondition;
  readonly for_duration: string;
}

export interface RuleQuery {
  /** The PromQL asked for: the rule's query, aggregated by its function. */
  readonly query: string;
  /** Whether a sample's value meets the condition (operator NONE: every sample does). */
  readonly meets: (value: number) => boolean;
  readonly forSeconds: number;
  /** The whole expression the service evaluates, as the output shows it. */
  readonly expression: string;
}

const COMPARE: Readonly<Record<string, (value: number, threshold: number) => boolean>> = {
  ABOVE: (v, t) => v > t,
  BELOW: (v, t) => v < t,
  ABOVE_OR_EQUAL: (v, t) => v >= t,
  BELOW_OR_EQUAL: (v, t) => v <= t,
  EQUAL: (v, t) => v === t,
};

/** The query of a rule, or why it cannot be backtested. */
export function ruleQuery(rule: RuleUnderTest): RuleQuery | { readonly unavailable: string } {
  const forSeconds = durationSeconds(rule.for_duration);
  if (forSeconds === null) {
    return { unavailable: `for_duration ${rule.for_duration} has no fixed length (years or months)` };
  }
  const whole = evaluatedExpression(rule.condition);
  if (typeof whole !== 'string') return { unavailable: whole.leftOut };
  const query = evaluatedExpression({ ...rule.condition, operator: 'NONE' });
  if (typeof query !== 'string') return { unavailable: query.leftOut };
  const operator = rule.condition.operator ?? 'NONE';
  const threshold = rule.condition.threshold;
  const compare = COMPARE[operator];
  const meets =
    compare === undefined || threshold == null ? () => true : (value: number) => compare(value, threshold);
  return { query, meets, forSeconds, expression: whole };
}

/** The series with only the samples that meet the condition: an alert's view of the query's answer. */
export function activeSamples(
  series: readonly MetricSeries[],
  meets: (value: number) => boolean,
): MetricSeries[] {
  return series.map((s) => ({ metric: s.metric, values: s.values.filter(([, value]) => meets(value)) }));
}
