/**
 * Which rules of a plan a backtest looks at: those the change creates, and those whose condition,
 * threshold, function, operator or `for_duration` it changes, in plan order, at most `maxRules` of them
 * (the others listed as not backtested). An update is backtested as proposed and as it is live, the live
 * rule being the proposed one with the diff's `before` values put back. Pure.
 */

import type { ObjectiveSource } from '../documents/types.js';
import type { PendingRuleChange } from '../model/alert-rule-change.js';
import { type Plan, pendingChanges } from '../model/types.js';
import type { AlertRuleCondition } from '../service/types/alert-rules.js';
import type { RuleUnderTest } from './rule-query.js';
import type { RuleNotBacktested } from './types.js';

/** The fields whose change changes when a rule fires. */
export const FIRING_FIELDS = [
  'condition.promql',
  'condition.operator',
  'condition.threshold',
  'condition.function',
  'for_duration',
] as const;

export interface BacktestCandidate {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly action: 'create' | 'update';
  readonly clusterId: string;
  readonly proposed: RuleUnderTest;
  readonly live?: RuleUnderTest;
  /** The service level objective that generated the rule. */
  readonly objective?: ObjectiveSource;
}

export interface BacktestSelection {
  readonly candidates: readonly BacktestCandidate[];
  readonly notBacktested: readonly RuleNotBacktested[];
}

export function backtestCandidates(plan: Plan, maxRules: number): BacktestSelection {
  const candidates: BacktestCandidate[] = [];
  const notBacktested: RuleNotBacktested[] = [];
  // Only an alert rule fires: the other kinds' changes are not backtested, nor listed as left out.
  const rules = pendingChanges(plan).filter((c): c is PendingRuleChange => c.kind === 'AlertRule');
  for (const change of rules) {
    const candidate = candidateOf(change);
    if (candidate === null) continue;
    const where = { name: change.name, file: change.file, line: change.line };
    if ('leftOut' in candidate) notBacktested.push({ ...where, reason: candidate.leftOut });
    else if (candidates.length >= maxRules)
      notBacktested.push({ ...where, reason: `over the limit of ${maxRules} per run (backtest-max-rules)` });
    else candidates.push(candidate);
  }
  return { candidates, notBacktested };
}

function candidateOf(change: PendingRuleChange): BacktestCandidate | { leftOut: string } | null {
  if (change.action === 'delete') return null;
  const where = {
    name: change.name,
    file: change.file,
    line: change.line,
    ...(change.objective !== undefined ? { objective: change.objective } : {}),
  };
  const proposed: RuleUnderTest = {
    condition: change.request.condition,
    for_duration: change.request.for_duration,
  };
  if (change.action === 'create') {
    if (change.request.enabled === false) return { leftOut: 'it is disabled (`enabled: false`)' };
    return { ...where, action: 'create', clusterId: change.request.cluster_id, proposed };
  }
  const firing = change.diff.filter((d) => (FIRING_FIELDS as readonly string[]).includes(d.path));
  if (firing.length === 0) return null;
  if (change.request.enabled === false) return { leftOut: 'it is disabled (`enabled: false`)' };
  if (change.clusterId === null) return { leftOut: 'its cluster is not known' };
  const before = (path: string, value: unknown): unknown => {
    const diff = firing.find((d) => d.path === path);
    return diff === undefined ? value : diff.before;
  };
  const condition = change.request.condition;
  const live: RuleUnderTest = {
    condition: {
      ...condition,
      promql: before('condition.promql', condition.promql) as string,
      operator: (before('condition.operator', condition.operator) ??
        undefined) as AlertRuleCondition['operator'],
      threshold: (before('condition.threshold', condition.threshold) ?? undefined) as number | undefined,
      function: (before('condition.function', condition.function) ??
        undefined) as AlertRuleCondition['function'],
    },
    for_duration: before('for_duration', change.request.for_duration) as string,
  };
  return { ...where, action: 'update', clusterId: change.clusterId, proposed, live };
}
