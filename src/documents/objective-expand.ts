/**
 * A service level objective's document → the alert-rule documents it generates, its own findings, and its
 * indicator queries for the PromQL checks. The generated documents point into the objective's document
 * (`locate` maps a rule's path onto the field it came from), so that every later finding about a generated
 * rule (a name that does not resolve, a claim on the same rule, a held change) lands on the objective's line.
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import type { QueryDocument } from '../promql/query-document.js';
import { CODES } from './codes.js';
import { METRICS_RETENTION_SECONDS } from './limits.js';
import {
  type BurnRate,
  burnRates,
  DEFAULT_OBJECTIVE_WINDOW,
  indicatorOver,
  ruleOf,
  tidy,
  WINDOW_PLACEHOLDER,
  windowSeconds,
} from './objective-rules.js';
import type { AlertRuleDocument, PathSegment, ServiceLevelObjectiveDocument } from './types.js';

export interface ExpandedObjective {
  readonly rules: readonly AlertRuleDocument[];
  readonly findings: readonly Diagnostic[];
  readonly queries: readonly QueryDocument[];
}

/** An objective with any finding of its own generates no rule: half an objective would page wrongly. */
export function expandObjective(doc: ServiceLevelObjectiveDocument): ExpandedObjective {
  const spec = doc.value;
  const rates = burnRates(spec);
  const findings = [...indicatorFindings(doc), ...rateFindings(doc, rates)];
  const queries = indicatorQueries(doc);
  if (findings.length > 0) return { rules: [], findings, queries };
  const rules = rates.map((rate): AlertRuleDocument => {
    const at = rates.indexOf(rate);
    return {
      kind: 'AlertRule',
      file: doc.file,
      index: doc.index,
      value: ruleOf(spec, rate),
      range: doc.range,
      text: doc.text,
      locate: (path, target) => doc.locate(objectivePath(path, rate, spec.burn_rates ? at : null), target),
      generatedBy: {
        objective: spec.name,
        pair: rate.pair,
        urgency: rate.urgency,
        budget: tidy(1 - spec.objective / 100),
        windowSeconds: windowSeconds(spec.window ?? DEFAULT_OBJECTIVE_WINDOW) ?? 0,
        ratio: indicatorOver(spec, WINDOW_PLACEHOLDER),
      },
    };
  });
  return { rules, findings, queries };
}

/** A generated rule's path → the objective's field it comes from (the nearest one: `exact` says so). */
function objectivePath(path: readonly PathSegment[], rate: BurnRate, override: number | null): PathSegment[] {
  const [head, ...rest] = path;
  const alerts = ['alerts', rate.urgency];
  switch (head) {
    case 'id':
      return ['rule_ids', rate.pair];
    case 'alert_receivers':
    case 'alert_receiver_ids':
      return [...alerts, head, ...rest];
    case 'severity':
      return [...alerts, 'severity'];
    case 'condition':
      return override === null ? ['indicator'] : ['burn_rates', override];
    case 'for_duration':
    case 'tag':
      return [];
    default:
      return [...path];
  }
}

/** Each query must say where its range goes, or every pair would alert on the same numbers. */
function indicatorFindings(doc: ServiceLevelObjectiveDocument): Diagnostic[] {
  return Object.entries(doc.value.indicator)
    .filter(([, query]) => !query.includes(WINDOW_PLACEHOLDER))
    .map(([key]) =>
      diagnostic(
        'error',
        doc.file,
        doc.locate(['indicator', key], 'value'),
        CODES.objectiveNoWindow,
        `indicator \`${key}\` has no \`${WINDOW_PLACEHOLDER}\`: write it where the range goes (rate(x[${WINDOW_PLACEHOLDER}])), so that each window pair reads its own window`,
      ),
    );
}

function rateFindings(doc: ServiceLevelObjectiveDocument, rates: readonly BurnRate[]): Diagnostic[] {
  const findings: Diagnostic[] = [];
  const error = (path: PathSegment[], code: string, message: string) =>
    findings.push(diagnostic('error', doc.file, doc.locate(path, 'value'), code, message));
  const retentionDays = METRICS_RETENTION_SECONDS / 86_400;
  const seen = new Set<string>();
  rates.forEach((rate, i) => {
    const at = (field: string): PathSegment[] =>
      doc.value.burn_rates ? ['burn_rates', i, field] : ['window'];
    const long = windowSeconds(rate.long) ?? 0;
    const short = windowSeconds(rate.short) ?? 0;
    if (short >= long) {
      error(
        at('short'),
        CODES.objectiveShortNotShorter,
        `short window ${rate.short} is not shorter than long window ${rate.long}`,
      );
    }
    if (long > METRICS_RETENTION_SECONDS) {
      error(
        at('long'),
        CODES.objectiveBeyondRetention,
        `long window ${rate.long} is longer than the ${retentionDays} days of metrics the cluster keeps: the rule would read less than its window, and the backtest could not check it; use ${retentionDays}d or less`,
      );
    }
    if (seen.has(rate.pair)) {
      error(
        at('long'),
        CODES.objectiveDuplicatePair,
        `window pair ${rate.pair} is listed twice: its rule name would be claimed twice`,
      );
    }
    seen.add(rate.pair);
  });
  for (const key of Object.keys(doc.value.rule_ids ?? {})) {
    if (!seen.has(key)) {
      const pairs = [...seen].join(', ');
      error(
        ['rule_ids', key],
        CODES.objectiveUnknownPair,
        `rule_ids names window pair ${key}, which this objective does not have (${pairs})`,
      );
    }
  }
  return findings;
}

/** The indicator's queries as the PromQL checks read them, the placeholder read as a five-minute range. */
function indicatorQueries(doc: ServiceLevelObjectiveDocument): QueryDocument[] {
  return Object.entries(doc.value.indicator)
    .filter(([, query]) => query.includes(WINDOW_PLACEHOLDER))
    .map(([key, query]) => ({
      kind: 'AlertRule',
      file: doc.file,
      text: doc.text,
      // Compared with a limit in every rule it goes into: ABOVE, as the generated condition compares it.
      value: { condition: { promql: query.split(WINDOW_PLACEHOLDER).join('5m'), operator: 'ABOVE' } },
      locate: (path, target) => doc.locate(path[0] === 'condition' ? ['indicator', key] : [], target),
    }));
}
