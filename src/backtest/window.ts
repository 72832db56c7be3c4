/** The backtest's defaults, shared by the command line and the action's inputs. */

/** A week: long enough to hold a weekly pattern, within 11,000 points at one minute (step.ts). */
export const DEFAULT_BACKTEST_WINDOW_SECONDS = 7 * 86_400;
/** Rules backtested per run at most (`backtest-max-rules`): two queries each. */
export const DEFAULT_BACKTEST_MAX_RULES = 10;
