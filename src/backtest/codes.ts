/**
 * Stable codes of the findings a backtest reports (docs/reference/codes/backtest.md). A backtest that could not run is
 * never a finding: it is said beside the rule ("backtest unavailable: …") and changes no outcome.
 */
export const BACKTEST_CODES = {
  /** warning: the rule would have fired for most of the backtest's window. */
  mostlyFiring: 'backtest.mostly-firing',
  /** warning: the query returned data, and none of it met the condition: the rule would never have fired. */
  neverFired: 'backtest.never-fired',
  /** notice: the query returned no series at all: the metric may not exist on that cluster. */
  noSeries: 'backtest.no-series',
} as const;
