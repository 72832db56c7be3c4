import type { Diagnostic } from '../core/diagnostic.js';
import type { QueryCheckedDocument, QueryDocument } from './query-document.js';

export { PROMQL_CODES } from './codes.js';
export type { QueryCheckedDocument, QueryDocument } from './query-document.js';

/**
 * The PromQL findings of the documents' alert rules. The grammar and the type checker are loaded only when
 * there is a query to check: a run over component files alone never pays for them.
 */
export async function checkQueries(documents: readonly QueryCheckedDocument[]): Promise<Diagnostic[]> {
  const rules = documents.filter((d): d is QueryDocument => d.kind === 'AlertRule');
  if (rules.length === 0) return [];
  const { checkRuleQueries } = await import('./document-checks.js');
  return checkRuleQueries(rules);
}
