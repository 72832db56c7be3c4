/**
 * The backtest's values: what a range query of a rule's expression answered, and what the rule would have
 * done over the window (docs/decisions/backtest.md). Times are seconds since the epoch, as Prometheus
 * writes them.
 */

import type { ObjectiveSource } from '../documents/types.js';
import type { PrometheusSeries } from '../service/types/cluster-metrics.js';

/** One series of a range query, as the client reads it: its labels and its samples, `[time, value]`, in time order. */
export type MetricSeries = PrometheusSeries;

/** A stretch of time during which an alert fired: [start, end), seconds. */
export interface FiringInterval {
  readonly start: number;
  readonly end: number;
}

/** How often, for how long and for how long at most a rule fired in a window. */
export interface FiringFigures {
  /** Episodes: times the alert started firing. */
  readonly fired: number;
  /** Seconds of firing in all. */
  readonly firingSeconds: number;
  /** The longest episode, seconds. */
  readonly longestSeconds: number;
}

/** The window a backtest looks at, and the resolution of its figures. */
export interface BacktestWindow {
  /** Start and end of the window, seconds since the epoch. */
  readonly start: number;
  readonly end: number;
  /** The query's step, seconds: every figure is a multiple of it. */
  readonly stepSeconds: number;
}

/** What the figures call for: a warning (fired most of the window, or never on data that exists) or a notice. */
export type BacktestVerdict = 'mostly-firing' | 'never-fired' | 'no-series';

/** One rule's condition evaluated over the window. */
export interface BacktestDone {
  readonly status: 'done';
  /** The expression the service evaluates (`function(promql) operator threshold`). */
  readonly expression: string;
  readonly stepSeconds: number;
  /** Series the query returned, and of them those that fired. */
  readonly series: number;
  readonly seriesFired: number;
  /** The alert as a whole: the time at least one series fired, merged. */
  readonly figures: FiringFigures;
  /** Minutes of firing per hour or per day of the window (firing-chart.ts). */
  readonly perBucket: readonly number[];
  readonly bucketSeconds: number;
  readonly verdict?: BacktestVerdict;
}

/** The metrics could not be read or understood: never a failure of the run. */
export interface BacktestUnavailable {
  readonly status: 'unavailable';
  readonly reason: string;
}

export type BacktestOutcome = BacktestDone | BacktestUnavailable;

/** Whether a side of a backtest has figures (a live side is absent for a rule the change creates). */
export function isBacktestDone(outcome: BacktestOutcome | undefined): outcome is BacktestDone {
  return outcome?.status === 'done';
}

/** A rule the pull request creates or whose condition it changes, backtested. */
export interface RuleBacktest {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly action: 'create' | 'update';
  readonly clusterId: string;
  /** The rule as the documents propose it. */
  readonly proposed: BacktestOutcome;
  /** The rule as it is live (an update only). */
  readonly live?: BacktestOutcome;
  /** The service level objective that generated the rule. */
  readonly objective?: ObjectiveSource;
}

/** A rule that qualified and was left out (over the cap), or could not be backtested. */
export interface RuleNotBacktested {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

/**
 * A service level objective whose generated rules were backtested: its pages, tickets and budget burned,
 * counted by objective-backtest.ts.
 */
export interface ObjectiveBacktest {
  readonly name: string;
  readonly file: string;
  readonly line: number;
  /** Null when a rule of that urgency could not be backtested: a partial count would read as a whole. */
  readonly pages: number | null;
  readonly tickets: number | null;
  /** Share of the objective's error budget burned over the window (0.35 = 35%); absent when unknown. */
  readonly budgetBurned?: number;
  /** Days of data the share is read over: the backtest's window. */
  readonly days: number;
  /** Why the share is not known, when it is not. */
  readonly budgetUnavailable?: string;
  /** How to read the share: the indicator's query over the window, with the objective's budget. */
  readonly source: ObjectiveSource;
}

/** The backtest of a run. */
export interface BacktestReport {
  readonly windowSeconds: number;
  /** The window, seconds since the epoch. */
  readonly start: number;
  readonly end: number;
  readonly rules: readonly RuleBacktest[];
  readonly notBacktested: readonly RuleNotBacktested[];
  /** Each service level objective whose generated rules were backtested: pages, tickets, budget burned. */
  readonly objectives?: readonly ObjectiveBacktest[];
}
