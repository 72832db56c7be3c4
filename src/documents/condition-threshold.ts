/**
 * A comparison with nothing to compare with: `operator: ABOVE` (or any operator but NONE) and no
 * `threshold`. The service's contract makes `threshold` optional and says nothing of what it compares with
 * when it is absent (API-FACTS.md, "Alert rules"; no default in service-openapi.yaml), so neither the plan,
 * the backtest nor `export --format prometheus-rules` could say what such a rule fires on. It is refused
 * here, on the operator's line, rather than sent for the service to decide in a way nobody reviewed.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { CONDITION_OPERATORS } from '../service/types.js';
import { CODES } from './codes.js';
import { isMapping } from './kind.js';
import type { Locator } from './locate.js';

/** The operators that compare the query's values with the threshold: all but NONE. */
const COMPARING: ReadonlySet<unknown> = new Set(
  CONDITION_OPERATORS.filter((operator) => operator !== 'NONE'),
);

/**
 * Read from the document's data, not its validated shape: a document the schema refuses for another key
 * gets this finding in the same run (parse.ts, checkDocument). An operator the schema refuses, or a
 * threshold of the wrong type, is the schema's finding alone.
 */
export function thresholdFindings(
  file: string,
  value: Readonly<Record<string, unknown>>,
  locate: Locator,
): Diagnostic[] {
  const condition = value.condition;
  if (!isMapping(condition)) return [];
  const { operator } = condition as Readonly<Record<string, unknown>>;
  if (!COMPARING.has(operator) || Object.hasOwn(condition, 'threshold')) return [];
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
