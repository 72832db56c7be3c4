/** A cluster's metrics, as the service passes them through from the cluster's Prometheus-compatible API. */

/**
 * get-cluster-metrics's query. The service passes it to the cluster's query API: `endpoint` is that API's
 * path (`api/v1/query_range`, `api/v1/query`), the other fields are its parameters, sent as given.
 */
export interface ClusterMetricsQuery {
  /** The Prometheus API path, e.g. `api/v1/query_range` or `api/v1/query`. */
  readonly endpoint: string;
  /** The PromQL expression. */
  readonly query: string;
  /** Range queries: RFC 3339 or Unix seconds. */
  readonly start?: string;
  readonly end?: string;
  /** Range queries: a Prometheus duration (`60s`) or seconds. */
  readonly step?: string;
  /** Instant queries: the evaluation time, RFC 3339 or Unix seconds. */
  readonly time?: string;
  /** Prometheus's own evaluation timeout (a Prometheus duration such as `20s`), sent as `timeout`. */
  readonly timeout?: string;
  /**
   * Longest this request may take on this side, retries included, in milliseconds: a slow metrics
   * endpoint then fails the request (an ApiError of kind timeout) instead of holding the run. Not sent.
   * Without it the client's own timeouts and retry bounds apply.
   */
  readonly deadlineMs?: number;
}

/**
 * get-cluster-metrics's answer (ClusterMetricsResponse): `metrics` holds the query API's JSON answer as
 * text. The description says nothing more: read it with parsePrometheusAnswer (decode/prometheus-answer.ts).
 */
export interface ClusterMetricsAnswer {
  readonly metrics: string;
}

/** One series of a Prometheus answer: its labels, and its samples as [Unix seconds, value]. */
export interface PrometheusSeries {
  readonly metric: Readonly<Record<string, string>>;
  readonly values: readonly (readonly [number, number])[];
}

/** A Prometheus answer as far as it could be read: the series, or why there are none to read. */
export type PrometheusReading =
  | {
      readonly ok: true;
      readonly resultType: 'matrix' | 'vector';
      readonly series: readonly PrometheusSeries[];
    }
  | { readonly ok: false; readonly reason: string };
