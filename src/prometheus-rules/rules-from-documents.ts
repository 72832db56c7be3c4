/**
 * AlertRule documents → a Prometheus rule file, one group per source file, so that teams can run
 * `promtool check rules` and `promtool test rules` on their rules again. Each rule's `expr` is the
 * expression the service is understood to evaluate, `function(promql) operator threshold`: an inference
 * from the API's fields, not a published contract (docs/decisions/prometheus-rules.md). A rule whose
 * expression Prometheus would refuse, or that a rule file cannot say, is left out and reported.
 */

import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { visibleYaml } from '../documents/yaml-write.js';
import { queryError } from '../promql/check-query.js';
import { parseQuery, topExpression } from '../promql/library.js';
import type { AlertSeverity } from '../service/types/alert-rules.js';
import { RULES_IO_CODES } from './codes.js';
import { prometheusDuration } from './prometheus-duration.js';
import { EXPORT_SEVERITY_LABEL } from './severity.js';

export interface ExportedRules {
  /** The rule file; `groups: []` when no rule could be written. */
  readonly text: string;
  readonly rules: number;
  /** One finding per rule left out, on the line of its document. */
  readonly diagnostics: readonly Diagnostic[];
}

const SYMBOLS: Readonly<Record<string, string>> = {
  ABOVE: '>',
  BELOW: '<',
  ABOVE_OR_EQUAL: '>=',
  BELOW_OR_EQUAL: '<=',
  EQUAL: '==',
};
const AGGREGATIONS: Readonly<Record<string, string>> = {
  AVG: 'avg',
  MAX: 'max',
  MIN: 'min',
  SUM: 'sum',
  COUNT: 'count',
};
/** Binary operators that bind looser than (or as loose as) a comparison: `a or b > 5` is `a or (b > 5)`. */
const LOOSE_OPERATORS = new Set(['Eql', 'Neq', 'Lte', 'Lss', 'Gte', 'Gtr', 'And', 'Or', 'Unless']);

/** `groupOf` names each rule's group: by default its document's file. */
export function exportRules(
  documents: readonly AlertRuleDocument[],
  groupOf: (doc: AlertRuleDocument) => string = (doc) => doc.file,
): ExportedRules {
  const groups = new Map<string, Record<string, unknown>[]>();
  const diagnostics: Diagnostic[] = [];
  let count = 0;
  for (const doc of documents) {
    const rendered = renderRule(doc);
    if ('leftOut' in rendered) {
      const at = doc.locate(rendered.path, 'value');
      diagnostics.push(
        diagnostic(
          rendered.disabled ? 'notice' : 'warning',
          doc.file,
          at,
          RULES_IO_CODES.exportSkipped,
          `alert rule "${doc.value.name}" left out of the rule file: ${rendered.leftOut}`,
        ),
      );
      continue;
    }
    const group = groupOf(doc);
    const rules = groups.get(group) ?? [];
    rules.push(rendered.rule);
    groups.set(group, rules);
    count++;
  }
  const file = { groups: [...groups].map(([name, rules]) => ({ name, rules })) };
  const header =
    '# Written by platform-gitops export --format prometheus-rules: one group per document file (or cluster). Each expr is\n' +
    '# function(promql) operator threshold, how the service is understood to evaluate a rule.\n';
  return { text: visibleYaml(file, header), rules: count, diagnostics };
}

type Rendered =
  | { rule: Record<string, unknown> }
  | { leftOut: string; path: readonly string[]; disabled?: boolean };

function renderRule(doc: AlertRuleDocument): Rendered {
  const rule = doc.value;
  // The file says what fires: Prometheus has no disabled rule, and the service does not evaluate one.
  if (rule.enabled === false) {
    return {
      leftOut: 'it is disabled (`enabled: false`): the service does not evaluate it',
      path: ['enabled'],
      disabled: true,
    };
  }
  const expr = evaluatedExpression(rule.condition);
  if (typeof expr !== 'string') return expr;
  const refused = queryError(expr);
  if (refused !== null) {
    return {
      leftOut: `Prometheus would refuse its expression \`${expr}\` (${refused})`,
      path: ['condition', 'promql'],
    };
  }
  const forText = prometheusDuration(rule.for_duration);
  if (forText === null) {
    return {
      leftOut: `for_duration ${rule.for_duration} has no fixed length (years or months): a rule file cannot say it`,
      path: ['for_duration'],
    };
  }
  const out: Record<string, unknown> = { alert: rule.name, expr };
  if (forText !== '0s') out.for = forText;
  out.labels = {
    severity: EXPORT_SEVERITY_LABEL[rule.severity as AlertSeverity] ?? rule.severity.toLowerCase(),
  };
  const annotations: Record<string, string> = {};
  if (rule.presentation?.summary) annotations.summary = rule.presentation.summary;
  if (rule.description) annotations.description = rule.description;
  if (rule.presentation?.runbook_url) annotations.runbook_url = rule.presentation.runbook_url;
  if (Object.keys(annotations).length > 0) out.annotations = annotations;
  return { rule: out };
}

interface Condition {
  readonly promql: string;
  readonly operator?: string | null;
  readonly threshold?: number | null;
  readonly function?: string | null;
}

/** `function(promql) operator threshold`, or why it cannot be written. */
export function evaluatedExpression(
  condition: Condition,
): string | { leftOut: string; path: readonly string[] } {
  const fn = condition.function ?? 'NONE';
  const operator = condition.operator ?? 'NONE';
  const promql = condition.promql.trim();
  const tree = parseQuery(promql);
  let comment = false;
  tree.iterate({
    enter: (ref) => {
      if (ref.name === 'LineComment') comment = true;
    },
  });
  // A comment runs to the end of its line: what is written after the query goes on the next one.
  const end = comment ? '\n' : '';
  if (fn !== 'NONE' && AGGREGATIONS[fn] === undefined) {
    return { leftOut: `function ${fn} is not known to this version`, path: ['condition', 'function'] };
  }
  const aggregated = fn === 'NONE' ? promql : `${AGGREGATIONS[fn]}(${promql}${end})`;
  if (operator === 'NONE') return aggregated;
  const symbol = SYMBOLS[operator];
  if (symbol === undefined)
    return { leftOut: `operator ${operator} is not known to this version`, path: ['condition', 'operator'] };
  if (condition.threshold == null) {
    return {
      leftOut: `operator ${operator} without a threshold: the service's default is not known`,
      path: ['condition', 'operator'],
    };
  }
  const top = topExpression(tree);
  let loose = false;
  if (fn === 'NONE' && top?.name === 'BinaryExpr') {
    for (let child = top.firstChild; child; child = child.nextSibling)
      loose ||= LOOSE_OPERATORS.has(child.name);
  }
  const left = loose ? `(${promql}${end})` : fn === 'NONE' ? `${promql}${end}` : aggregated;
  return `${left}${left.endsWith('\n') ? '' : ' '}${symbol} ${condition.threshold}`;
}
