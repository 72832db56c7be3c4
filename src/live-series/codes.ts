/**
 * Stable codes of the live series check's findings (docs/reference/codes/live-series.md, docs/decisions/live-series.md).
 * Each is a warning, or an error with `live-series-errors` / `--live-errors`. A check that could not run is
 * one notice (`unavailable`) and changes no outcome.
 */
export const LIVE_SERIES_CODES = {
  /** The metric has no series on the cluster now, and had some within the last 7 days. */
  metricGone: 'live-series.metric-gone',
  /** The metric has had no series on the cluster in the last 7 days. */
  metricUnknown: 'live-series.metric-unknown',
  /** No series of the metric carries a label the selector requires. */
  labelUnknown: 'live-series.label-unknown',
  /** Series of the metric carry the label, none with a value the matcher accepts. */
  valueUnknown: 'live-series.value-unknown',
  /** Each matcher matches series of the metric on its own; no series matches all of them. */
  noCombination: 'live-series.no-combination',
  /** notice: the check could not ask the cluster's metrics (the reason follows); nothing was concluded. */
  unavailable: 'live-series.unavailable',
} as const;
