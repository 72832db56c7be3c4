/** The words and figures of an objective's backtest, from rules' outcomes made here. */
import { describe, expect, it } from 'vitest';
import {
  budgetBurned,
  budgetQuery,
  objectiveBacktests,
  objectiveSentence,
} from '../../../src/backtest/objective-backtest.js';
import type { BacktestOutcome, RuleBacktest } from '../../../src/backtest/types.js';
import type { ObjectiveSource, Urgency } from '../../../src/documents/types.js';

const DAY = 86_400;
const source = (urgency: Urgency, windowSeconds = 30 * DAY): ObjectiveSource => ({
  objective: 'api',
  pair: '1h-5m',
  urgency,
  budget: 0.001,
  windowSeconds,
  ratio: '(sum(rate(e[{{.window}}])) / sum(rate(t[{{.window}}])))',
});
const done = (fired: number): BacktestOutcome => ({
  status: 'done',
  expression: 'x',
  stepSeconds: 60,
  series: 1,
  seriesFired: fired > 0 ? 1 : 0,
  figures: { fired, firingSeconds: fired * 60, longestSeconds: 60 },
  perBucket: [],
  bucketSeconds: 3600,
});
const rule = (urgency: Urgency, proposed: BacktestOutcome, windowSeconds?: number): RuleBacktest => ({
  name: `api-${urgency}`,
  file: 'slo.yaml',
  line: 3,
  action: 'create',
  clusterId: 'c',
  proposed,
  objective: source(urgency, windowSeconds),
});

describe('objective backtest', () => {
  it('counts each episode of each rule, and says once and one ticket', () => {
    const [objective] = objectiveBacktests([rule('page', done(1)), rule('ticket', done(1))], 7 * DAY);
    expect(objective).toMatchObject({ name: 'api', pages: 1, tickets: 1, days: 7 });
    expect(objectiveSentence({ ...objective!, budgetBurned: 0.00123 }, 7 * DAY)).toBe(
      'would have paged once and opened one ticket in the last 7 days; 0.12% of its 30-day error budget burned over those 7 days of data',
    );
  });

  it('does not count an urgency with a rule not backtested, and says why the budget is unknown', () => {
    const unavailable: BacktestOutcome = { status: 'unavailable', reason: 'timeout' };
    const [objective] = objectiveBacktests(
      [rule('page', unavailable, 12 * 3600), rule('ticket', done(3), 12 * 3600)],
      DAY,
    );
    expect(objective).toMatchObject({ pages: null, tickets: 3, days: 1 });
    expect(objectiveSentence({ ...objective!, budgetUnavailable: 'no data' }, DAY)).toBe(
      'would have paged an unknown number of times (a rule could not be backtested) and opened 3 tickets in the last day; error budget burned: unknown (no data)',
    );
    expect(objectiveSentence({ ...objective!, budgetBurned: 0.5 }, DAY)).toContain(
      '50% of its 12-hour error budget',
    );
    const [minutes] = objectiveBacktests([rule('page', done(0), 90 * 60)], DAY);
    expect(objectiveSentence(minutes!, DAY)).toContain('error budget burned: unknown (not read)');
    expect(objectiveSentence({ ...minutes!, budgetBurned: 0.25 }, DAY)).toContain(
      'of its 90-minute error budget',
    );
  });

  it('reads the budget as bad share × window ÷ objective window ÷ budget', () => {
    expect(budgetBurned(0.001, 7 * DAY, source('page'))).toBeCloseTo(7 / 30, 10);
    expect(budgetQuery(source('page'), 7 * DAY)).toBe('(sum(rate(e[604800s])) / sum(rate(t[604800s])))');
  });
});
