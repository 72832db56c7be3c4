/**
 * A service level objective → the multi-window, multi-burn-rate alert rules of the SRE workbook (chapter
 * "Alerting on SLOs"). Pure: the same objective always gives the same rules, names included, so that an
 * edit of the objective is an update of its rules by the ordinary identity (cluster and name, or `id`).
 * docs/decisions/service-level-objectives.md.
 */
import type { AlertRuleCondition } from '../service/types.js';
import type { AlertRuleSpec, BurnRateSpec, ServiceLevelObjectiveSpec, Urgency } from './types.js';

/** Where the indicator's queries take their range: Sloth's placeholder, so that its files import as they are. */
export const WINDOW_PLACEHOLDER = '{{.window}}';

export const DEFAULT_OBJECTIVE_WINDOW = '30d';

/**
 * The workbook's pairs for a 30-day window, with the share of the budget each one spends before it fires:
 * 14.4 = 2% × 30d / 1h, 6 = 5% × 30d / 6h, 3 = 10% × 30d / 1d, 1 = 10% × 30d / 3d.
 */
export const WORKBOOK_BURN_RATES: readonly BurnRateSpec[] = [
  { long: '1h', short: '5m', urgency: 'page', budget_share: 2 },
  { long: '6h', short: '30m', urgency: 'page', budget_share: 5 },
  { long: '1d', short: '2h', urgency: 'ticket', budget_share: 10 },
  { long: '3d', short: '6h', urgency: 'ticket', budget_share: 10 },
];

const DEFAULT_SEVERITY: Readonly<Record<Urgency, AlertRuleSpec['severity']>> = {
  page: 'CRITICAL',
  ticket: 'MEDIUM',
};

const UNIT_SECONDS: Readonly<Record<string, number>> = { m: 60, h: 3_600, d: 86_400, w: 604_800 };

/** `5m`, `1h`, `3d`, `2w` → seconds; null for anything else (the schema allows no other form). */
export function windowSeconds(text: string): number | null {
  const match = /^([1-9][0-9]*)([mhdw])$/.exec(text);
  return match === null ? null : Number(match[1]) * UNIT_SECONDS[match[2]!]!;
}

/** A window pair with its factor settled. */
export interface BurnRate {
  readonly long: string;
  readonly short: string;
  readonly urgency: Urgency;
  readonly factor: number;
  /** `1h-5m`: names the rule and keys `rule_ids`. */
  readonly pair: string;
}

/** Twelve significant digits: 1 - 99.9/100 is 0.0010000000000000009 in binary floating point, not 0.001. */
export function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** The objective's pairs, the workbook's unless overridden; a factor not given is share × window ÷ long. */
export function burnRates(spec: ServiceLevelObjectiveSpec): BurnRate[] {
  const window = windowSeconds(spec.window ?? DEFAULT_OBJECTIVE_WINDOW) ?? 0;
  return (spec.burn_rates ?? WORKBOOK_BURN_RATES).map((rate) => {
    const long = windowSeconds(rate.long) ?? 1;
    const factor = rate.factor ?? (((rate.budget_share ?? 0) / 100) * window) / long;
    return {
      long: rate.long,
      short: rate.short,
      urgency: rate.urgency,
      factor,
      pair: `${rate.long}-${rate.short}`,
    };
  });
}

/** The indicator over one window: the bad share of events, as one parenthesized expression. */
export function indicatorOver(spec: ServiceLevelObjectiveSpec, range: string): string {
  const at = (query: string) => query.split(WINDOW_PLACEHOLDER).join(range);
  const indicator = spec.indicator;
  if ('ratio' in indicator) return `(${at(indicator.ratio)})`;
  return `((${at(indicator.errors)}) / (${at(indicator.total)}))`;
}

/**
 * The pair's condition in the service's model, promql plus operator and threshold. Both windows must burn
 * above factor × budget; PromQL's `and` says that, and keeps the long window's value, which is then above
 * zero exactly when both hold: operator ABOVE, threshold 0.
 */
export function burnCondition(spec: ServiceLevelObjectiveSpec, rate: BurnRate): AlertRuleCondition {
  // Rounded once, at the end: rounding the factor or the budget first would move the last digit.
  const limit = tidy(rate.factor * (1 - spec.objective / 100));
  const promql = `${indicatorOver(spec, rate.long)} > ${limit} and ${indicatorOver(spec, rate.short)} > ${limit}`;
  return { kind: 'CUSTOM', promql, operator: 'ABOVE', threshold: 0, function: 'NONE' };
}

/** The marker that opens a generated rule's description: `export` reads it to write the objective back. */
export const GENERATED_MARK = 'Generated from the service level objective';

/** The rule of one pair, named `<objective>-<long>-<short>`. */
export function ruleOf(spec: ServiceLevelObjectiveSpec, rate: BurnRate): AlertRuleSpec {
  const alerts = spec.alerts[rate.urgency];
  const window = spec.window ?? DEFAULT_OBJECTIVE_WINDOW;
  const does = rate.urgency === 'page' ? 'pages' : 'opens a ticket';
  const about =
    spec.description !== undefined && spec.description.trim() !== '' ? ` (${spec.description})` : '';
  const id = spec.rule_ids?.[rate.pair];
  const summary =
    spec.presentation?.summary ??
    `${spec.name}: error budget burning ${tidy(rate.factor)}× too fast over ${rate.long} and ${rate.short}`;
  return {
    kind: 'AlertRule',
    ...(id !== undefined ? { id } : {}),
    ...(spec.organization_id !== undefined ? { organization_id: spec.organization_id } : {}),
    ...(spec.cluster !== undefined ? { cluster: spec.cluster } : {}),
    ...(spec.cluster_id !== undefined ? { cluster_id: spec.cluster_id } : {}),
    ...(spec.target !== undefined ? { target: spec.target } : {}),
    name: `${spec.name}-${rate.pair}`,
    description: `${GENERATED_MARK} "${spec.name}"${about}: ${spec.objective}% over ${window}; ${does} when the error budget burns ${tidy(rate.factor)}× too fast over ${rate.long} and ${rate.short}.`,
    tag: 'slo',
    condition: burnCondition(spec, rate),
    for_duration: 'PT0S',
    severity: alerts.severity ?? DEFAULT_SEVERITY[rate.urgency],
    ...(spec.enabled !== undefined ? { enabled: spec.enabled } : {}),
    ...(alerts.alert_receiver_ids !== undefined ? { alert_receiver_ids: alerts.alert_receiver_ids } : {}),
    ...(alerts.alert_receivers !== undefined ? { alert_receivers: alerts.alert_receivers } : {}),
    presentation: { summary, runbook_url: spec.presentation?.runbook_url ?? null },
  };
}
