import { DEFAULT_BACKTEST_WINDOW_SECONDS } from '../../backtest/window.js';
import { UsageError } from '../../core/usage-error.js';
import { prometheusMilliseconds } from '../../prometheus-rules/prometheus-duration.js';
import type { OptionValues } from '../option-values.js';
import { type BaseCliOptions, failOnOf, type PlanningCliOptions, planningOptions } from './shared-options.js';

/** `plan --live`: the rules whose selectors are checked (`--all`: every rule) and whether findings are errors. */
export interface LiveSeriesCliOptions {
  readonly scope: 'changed' | 'all';
  readonly asErrors: boolean;
}

export interface PlanCliOptions extends PlanningCliOptions, BaseCliOptions {
  /** `--all`: every component is resolved, even with --base (and with --live, every rule is checked). */
  readonly allComponents: boolean;
  /** Send every alert receiver's secret again. */
  readonly rotateSecrets: boolean;
  /** Exit 2 when changes are pending. */
  readonly detailedExitcode: boolean;
  /** `--out FILE`: the file the plan is saved to, for `apply --plan FILE`. */
  readonly out: string | undefined;
  /** `--backtest`: the window looked at, seconds. */
  readonly backtest: { readonly windowSeconds: number } | undefined;
  readonly live: LiveSeriesCliOptions | undefined;
}

/** `backtest`: a plan with its backtest, always. */
export interface BacktestCliOptions extends PlanningCliOptions, BaseCliOptions {
  readonly windowSeconds: number;
}

export function parsePlanOptions(values: OptionValues, positionals: readonly string[]): PlanCliOptions {
  const live = values.flag('live');
  const backtest = values.flag('backtest');
  if (values.flag('live-errors') && !live) {
    throw new UsageError("'plan --live-errors' makes the findings of --live errors: give both");
  }
  if (values.given('window') && !backtest) {
    throw new UsageError("'plan --window' is the window of --backtest: give both");
  }
  const planning = planningOptions(values, positionals);
  const failOn = failOnOf(values);
  const out = values.text('out');
  const all = values.flag('all');
  return {
    ...planning,
    failOn,
    allComponents: all,
    rotateSecrets: values.flag('rotate-secrets'),
    detailedExitcode: values.flag('detailed-exitcode'),
    out,
    backtest: backtest ? { windowSeconds: backtestWindow(values.raw('window')) } : undefined,
    live: live ? { scope: all ? 'all' : 'changed', asErrors: values.flag('live-errors') } : undefined,
  };
}

export function parseBacktestOptions(
  values: OptionValues,
  positionals: readonly string[],
): BacktestCliOptions {
  const planning = planningOptions(values, positionals);
  const failOn = failOnOf(values);
  return { ...planning, failOn, windowSeconds: backtestWindow(values.raw('window')) };
}

/** A backtest's window, a Prometheus duration from one hour to 30 days (default 7 days). */
function backtestWindow(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_BACKTEST_WINDOW_SECONDS;
  const ms = prometheusMilliseconds(raw.trim());
  if (ms === null || ms < 3_600_000 || ms > 30 * 86_400_000 || ms % 60_000 !== 0) {
    throw new UsageError(
      `--window must be a duration from 1h to 30d in whole minutes, such as 7d or 36h, not '${raw}'`,
    );
  }
  return ms / 1000;
}
