import type { SourceRange } from '../core/diagnostic.js';

/** Where a path into a document landed; `exact` is false for the nearest existing ancestor (documents' Located). */
export interface QueryLocated extends SourceRange {
  readonly exact: boolean;
}

/**
 * What the PromQL checks read of an alert-rule document; documents/types.ts's AlertRuleDocument has all of
 * it. Declared here so that validation (documents/load.ts) reaches the checks while this folder needs
 * nothing from documents/: imports between the two go one way.
 */
export interface QueryDocument {
  readonly kind: 'AlertRule';
  /** Repository-relative path with `/` separators: the findings name it. */
  readonly file: string;
  /** The file's text, for the query's exact characters. */
  readonly text: string;
  readonly value: { readonly condition: { readonly promql: string; readonly operator?: string | null } };
  locate(path: readonly (string | number)[], target?: 'key' | 'value'): QueryLocated;
}

/**
 * A document of a run as the checks see it: an alert rule's query is checked, a component is passed over.
 * A new kind of document fails to typecheck where documents reach the checks, until it is named here.
 */
export type QueryCheckedDocument =
  | QueryDocument
  | { readonly kind: 'PlatformComponent' }
  | { readonly kind: 'AlertReceiver' };
