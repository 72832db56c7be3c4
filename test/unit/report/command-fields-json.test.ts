import { describe, expect, it } from 'vitest';
import type { BacktestReport } from '../../../src/backtest/types.js';
import type { BaseApplied } from '../../../src/evidence/base-apply.js';
import type { LiveSeriesSummary } from '../../../src/live-series/types.js';
import type { ReviewEntry } from '../../../src/plan/evidence/review.js';
import { toJsonOutput } from '../../../src/report/json-output.js';
import type { ReceiverTest } from '../../../src/run/types.js';
import { type ReportOverrides, report } from './report-factory.js';

const BASE: BaseApplied = { applied: true, commit: 'a'.repeat(40) };
const BACKTEST = {
  windowSeconds: 60,
  start: 0,
  end: 60,
  rules: [],
  notBacktested: [],
} as unknown as BacktestReport;
const LIVE = { rules: 1, selectors: 2 } as unknown as LiveSeriesSummary;
const REVIEW = [{ name: 'a', status: 'reviewed' }] as unknown as ReviewEntry[];
const TESTS: ReceiverTest[] = [
  {
    organizationId: 'o',
    name: 'slack',
    receiverId: 'r',
    type: 'SLACK',
    ok: true,
    detail: 'test message sent',
  },
];
const COMMAND_FIELDS = ['receiverTests', 'review', 'baseApplied', 'backtest', 'liveSeries'];

/** The keys of the JSON output that only some commands fill, in the order the output gives them. */
function commandFields(overrides: ReportOverrides): Record<string, unknown> {
  const json = toJsonOutput(report(overrides), {});
  return Object.fromEntries(Object.entries(json).filter(([key]) => COMMAND_FIELDS.includes(key)));
}

describe("the JSON output's fields that only some commands fill", () => {
  it("gives a plan's base evidence, backtest and live series check, between the results and the components", () => {
    const json = toJsonOutput(
      report({ command: 'plan', baseApplied: BASE, backtest: BACKTEST, liveSeries: LIVE }),
      {},
    );
    const keys = Object.keys(json);
    expect(keys.slice(keys.indexOf('results'), keys.indexOf('components') + 1)).toEqual([
      'results',
      'baseApplied',
      'backtest',
      'liveSeries',
      'components',
    ]);
    expect(json).toMatchObject({ baseApplied: BASE, backtest: BACKTEST, liveSeries: LIVE });
  });

  it("gives an apply's review and base evidence, and nothing of a run that asked for neither", () => {
    expect(commandFields({ command: 'apply', review: REVIEW, baseApplied: BASE })).toEqual({
      review: REVIEW,
      baseApplied: BASE,
    });
    expect(commandFields({ command: 'apply' })).toEqual({});
    expect(commandFields({ command: 'plan' })).toEqual({});
  });

  it("gives the receivers' tests, and none when the receivers could not be read and nothing was tested", () => {
    expect(commandFields({ command: 'test-receivers', receiverTests: TESTS })).toEqual({
      receiverTests: TESTS,
    });
    expect(commandFields({ command: 'test-receivers', receiverTests: [] })).toEqual({});
  });

  it('gives none of them for the commands that fill none', () => {
    for (const command of ['validate', 'drift', 'export', 'logs'] as const) {
      expect(commandFields({ command })).toEqual({});
    }
  });
});
