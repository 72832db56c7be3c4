/**
 * The values of the live series check (docs/decisions/live-series.md): the selectors of the rules checked,
 * by cluster, and what the cluster's Prometheus answered about their metrics.
 */

import type { SourceRange } from '../core/diagnostic.js';
import type { VectorSelector } from '../promql/vector-selectors.js';

/** Where characters of a rule's query lie in its file (promql/document-checks.ts's queryLocator). */
export type QueryLocator = (
  from: number,
  to: number,
) => { readonly range: SourceRange; readonly exact: boolean };

/** A selector to check: it names its metric, and is not exempt. */
export interface SelectorUnderCheck {
  readonly rule: string;
  readonly file: string;
  readonly selector: VectorSelector & { readonly metric: string };
  readonly locate: QueryLocator;
}

/** The selectors of one cluster, and how the cluster is named in findings. */
export interface ClusterSelectors {
  readonly clusterId: string;
  /** The cluster's name when known, else its id. */
  readonly clusterName: string;
  readonly selectors: readonly SelectorUnderCheck[];
}

/** One row of the answer about the metrics now: a metric and a combination of the labels the selectors use. */
export type LabelRow = Readonly<Record<string, string>>;

/** What one cluster's answers say about the metrics of a batch of selectors. */
export interface ClusterEvidence {
  /** Metric name → the combinations of the used labels its series have now (empty: no series now). */
  readonly now: ReadonlyMap<string, readonly LabelRow[]>;
  /** Metric name → the last time (Unix seconds) it had a series within 7 days; asked for the names absent now. */
  readonly lastSeen: ReadonlyMap<string, number>;
  /** Metric name → the label names one of its series carries (the metrics that lack a label, and near names). */
  readonly carried: ReadonlyMap<string, readonly string[]>;
}

/** What a run's live series check did: the report's line about it, JSON, the benchmark. */
export interface LiveSeriesSummary {
  /** Rules whose selectors were read. */
  readonly rules: number;
  /** Selectors checked; those exempt or naming no metric were not. */
  readonly selectors: number;
  readonly exempt: number;
  readonly nameless: number;
  readonly clusters: number;
  /** Requests sent to the metrics proxy. */
  readonly requests: number;
  /** Why some cluster could not be checked; null when every cluster answered. */
  readonly unavailable: string | null;
}
