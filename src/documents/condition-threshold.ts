/**
 * A comparison with nothing to compare with: `operator: ABOVE` (or any operator but NONE) and no
 * `threshold`. The service's contract makes `threshold` optional and says nothing of what it compares with
 * when it is absent (API-FACTS.md, "Alert rules"; no default in service-openapi.yaml), so neither the plan,
 * the backtest nor `export --format prometheus-rules` could say what such a rule fires on. It is refused
 * here, on the operator's line, rather than sent for the service to decide in a way nobody reviewed.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { Locator } from './locate.js';
import type { AlertRuleSpec } from './types.js';

export function thresholdFindings(file: string, spec: AlertRuleSpec, locate: Locator): Diagnostic[] {
  const { operator, threshold } = spec.condition;
  if (operator === undefined || operator === null || operator === 'NONE') return [];
  if (threshold !== undefined && threshold !== null) return [];
  return [
    diagnostic(
      'error',
      file,
      locate(['condition', 'operator']),
      CODES.thresholdMissing,
      `\`operator: ${operator}\` compares the query's values with \`condition.threshold\`, which is not written: ` +
        'the service does not say what it compares with then, so the rule would fire on a value nobody chose. ' +
        'Write `threshold: <number>`, or `operator: NONE` to fire for as long as the query returns any series.',
    ),
  ];
}
