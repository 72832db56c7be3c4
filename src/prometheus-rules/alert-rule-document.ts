/** The AlertRule document an imported rule becomes: condition, presentation and the options' references. */

import type { AlertSeverity } from '../service/types/alert-rules.js';
import type { SourceRule } from './read-rules.js';
import type { ImportOptions } from './rules-import-options.js';
import { splitCondition } from './split-condition.js';

/** What the document takes from the steps that may lose or refuse part of the rule. */
export interface MappedParts {
  readonly forDuration: string;
  readonly severity: AlertSeverity;
  readonly runbookUrl: string | null;
}

/** The AlertRule document, its keys in the order the documents are written in. */
export function alertRuleDocument(
  rule: SourceRule,
  name: string,
  options: ImportOptions,
  parts: MappedParts,
): Record<string, unknown> {
  const document: Record<string, unknown> = {
    kind: 'AlertRule',
    ...options.cluster,
    target: { ...options.target },
    name,
  };
  if (rule.annotations.description !== undefined) document.description = rule.annotations.description;
  if (name !== rule.name) document.tag = rule.name;
  document.condition = conditionOf(rule.expr);
  document.for_duration = parts.forDuration;
  document.severity = parts.severity;
  document.enabled = true;
  if (options.receiverIds.length > 0) document.alert_receiver_ids = [...options.receiverIds];
  if (options.receiverNames.length > 0) document.alert_receivers = [...options.receiverNames];
  const presentation = presentationOf(rule, parts.runbookUrl);
  if (presentation !== null) document.presentation = presentation;
  return document;
}

/** The expression as a CUSTOM condition, a top-level comparison with a number split off (split-condition.ts). */
function conditionOf(expr: string): Record<string, unknown> {
  const condition = splitCondition(expr);
  return {
    kind: 'CUSTOM',
    promql: condition.promql,
    operator: condition.operator,
    ...(condition.threshold === undefined ? {} : { threshold: condition.threshold }),
    function: 'NONE',
  };
}

function presentationOf(rule: SourceRule, runbookUrl: string | null): Record<string, string> | null {
  const presentation: Record<string, string> = {};
  if (rule.annotations.summary !== undefined) presentation.summary = rule.annotations.summary;
  if (runbookUrl !== null) presentation.runbook_url = runbookUrl;
  return Object.keys(presentation).length > 0 ? presentation : null;
}
