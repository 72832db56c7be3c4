import type { AlertRuleDocument } from '../../documents/types.js';
import type { AlertRuleChange } from '../../model/alert-rule-change.js';

/**
 * A generated rule's change names its objective, so that a review shows it under the objective. Only then
 * does the change take the field: a written rule's change keeps its shape.
 */
export function withObjective<C extends AlertRuleChange>(change: C, doc: AlertRuleDocument): C {
  return doc.generatedBy === undefined ? change : { ...change, objective: doc.generatedBy };
}
