/**
 * What a service level objective's generated rules would have done over the backtest's window: how many
 * times it would have paged and opened a ticket (each episode of each rule is one alert sent: the fast and
 * the slow page rule of one incident are two pages, as the receivers would see them), and the share of the
 * error budget the indicator burned over the days of data the window holds. Pure: the query of the budget
 * is asked by commands/backtest.ts. docs/decisions/service-level-objectives.md.
 */
import type { ObjectiveSource } from '../documents/types.js';
import { windowWords } from './spans.js';
import type { ObjectiveBacktest, RuleBacktest } from './types.js';

/** The objectives of backtested rules, in plan order, with their pages and tickets counted. */
export function objectiveBacktests(
  rules: readonly RuleBacktest[],
  windowSeconds: number,
): ObjectiveBacktest[] {
  const byName = new Map<string, RuleBacktest[]>();
  for (const rule of rules) {
    if (rule.objective === undefined) continue;
    const key = `${rule.file}\u0000${rule.objective.objective}`;
    byName.set(key, [...(byName.get(key) ?? []), rule]);
  }
  return [...byName.values()].map((group) => {
    const first = group[0]!;
    const count = (urgency: 'page' | 'ticket'): number | null => {
      let total = 0;
      for (const rule of group.filter((r) => r.objective?.urgency === urgency)) {
        if (rule.proposed.status !== 'done') return null;
        total += rule.proposed.figures.fired;
      }
      return total;
    };
    return {
      name: first.objective!.objective,
      file: first.file,
      line: first.line,
      pages: count('page'),
      tickets: count('ticket'),
      days: windowSeconds / 86_400,
      source: first.objective!,
    };
  });
}

/**
 * The share of the objective's budget burned, from the bad share of events over the window: the budget of
 * the objective's window is budget × its events, of which the window's bad events are ratio × the window's
 * events. With a steady traffic, the window's events are window ÷ objective window of the whole: the share
 * is ratio × (window ÷ objective window) ÷ budget.
 */
export function budgetBurned(ratio: number, windowSeconds: number, source: ObjectiveSource): number {
  return (ratio * (windowSeconds / source.windowSeconds)) / source.budget;
}

/** The budget query: the indicator's bad share over the whole window, as one number per series. */
export function budgetQuery(source: ObjectiveSource, windowSeconds: number): string {
  return source.ratio.split('{{.window}}').join(`${windowSeconds}s`);
}

/**
 * "would have paged 2 times and opened 4 tickets in the last 7 days; 35% of its 30-day error budget burned
 * over those 7 days of data", the same in the terminal, the comment and the summary.
 */
export function objectiveSentence(objective: ObjectiveBacktest, windowSeconds: number): string {
  const when = windowWords(windowSeconds);
  const count = (n: number | null, one: string, many: string, verb: string) =>
    n === null
      ? `${verb} an unknown number of ${many} (a rule could not be backtested)`
      : `${verb} ${n === 1 ? one : `${n} ${many}`}`;
  const alerts = `would have ${count(objective.pages, 'once', 'times', 'paged')} and ${count(objective.tickets, 'one ticket', 'tickets', 'opened')} in ${when}`;
  const days = `${objective.days} ${objective.days === 1 ? 'day' : 'days'}`;
  const budget =
    objective.budgetBurned !== undefined
      ? `${percent(objective.budgetBurned)} of its ${spanWords(objective.source.windowSeconds)} error budget burned over those ${days} of data`
      : `error budget burned: unknown (${objective.budgetUnavailable ?? 'not read'})`;
  return `${alerts}; ${budget}`;
}

/** 0.3467 → "34.7%"; small shares keep a significant digit. */
function percent(share: number): string {
  const value = share * 100;
  return `${value >= 10 ? value.toFixed(1).replace(/\.0$/, '') : Number(value.toPrecision(2))}%`;
}

/** 30 days → "30-day", 12 hours → "12-hour": the objective's window as an adjective. */
function spanWords(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}-day`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}-hour`;
  return `${Math.round(seconds / 60)}-minute`;
}
