import type { Labels } from './series-data.js';

export interface Sample {
  readonly labels: Labels;
  readonly value: number;
}

/** What an expression gives at one time: a scalar, or an instant vector. */
export type InstantValue =
  | { readonly kind: 'scalar'; readonly value: number }
  | { readonly kind: 'vector'; readonly samples: readonly Sample[] };

/** An error Prometheus would report while evaluating (errorType `execution`), e.g. a many-to-many match. */
export class EvaluationError extends Error {
  override readonly name = 'EvaluationError';
}

/** The empty label set, shared so that results without labels need no object of their own. */
export const NO_LABELS: Labels = Object.freeze({});
