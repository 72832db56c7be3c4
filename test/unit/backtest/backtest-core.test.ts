import { describe, expect, it } from 'vitest';
import { backtestSentence, resolutionWords } from '../../../src/backtest/backtest-sentence.js';
import { backtestCandidates } from '../../../src/backtest/candidates.js';
import { bucketLabels } from '../../../src/backtest/chart-labels.js';
import {
  bucketSeconds,
  firingMinutesPerBucket,
  firstBucketStart,
  sparkline,
} from '../../../src/backtest/firing-chart.js';
import { backtestOutcome } from '../../../src/backtest/outcome.js';
import { ruleQuery } from '../../../src/backtest/rule-query.js';
import { formatSpan, windowWords } from '../../../src/backtest/spans.js';
import { chooseStep, pointsOf } from '../../../src/backtest/step.js';
import type { BacktestDone, RuleBacktest } from '../../../src/backtest/types.js';
import type { Plan } from '../../../src/model/types.js';

const DAY = 86_400;

describe('step', () => {
  it('keeps a week at one minute (10,081 points) and goes coarser past 11,000 points', () => {
    expect(pointsOf(7 * DAY, 60)).toBe(10_081);
    expect(chooseStep(7 * DAY)).toBe(60);
    expect(chooseStep(7 * DAY + 900)).toBe(60);
    expect(chooseStep(8 * DAY)).toBe(120);
    expect(chooseStep(30 * DAY)).toBe(300);
    expect(chooseStep(40 * 365 * DAY)).toBeNull();
    expect(pointsOf(30 * DAY, 300)).toBeLessThanOrEqual(11_000);
  });
});

describe('chart data', () => {
  it('sums firing minutes per hour for a short window and per day beyond two days', () => {
    expect(bucketSeconds(DAY)).toBe(3600);
    expect(bucketSeconds(7 * DAY)).toBe(DAY);
    // 3 hours; firing 00:30–01:30 and 02:50–03:00.
    const minutes = firingMinutesPerBucket(
      [
        { start: 1800, end: 5400 },
        { start: 10_200, end: 10_800 },
      ],
      { start: 0, end: 10_800 },
    );
    expect(minutes).toEqual([30, 30, 10]);
  });

  it('starts the bars on the UTC hour or day the window starts in, the first and last ones partial', () => {
    // Window 00:30–03:30: bars 00h, 01h, 02h, 03h; firing 00:30–01:30.
    const window = { start: 1800, end: 1800 + 3 * 3600 };
    expect(firstBucketStart(window)).toBe(0);
    expect(firingMinutesPerBucket([{ start: 1800, end: 5400 }], window)).toEqual([30, 30, 0, 0]);
    expect(bucketLabels(0, 3600, 4)).toEqual(['00h', '01h', '02h', '03h']);
    expect(bucketLabels(Date.UTC(2026, 10, 20, 5) / 1000, DAY, 2)).toEqual(['Nov 20', 'Nov 21']);
  });

  it('draws a sparkline on a shared scale, any firing above the floor', () => {
    expect(sparkline([0, 1, 30, 60])).toBe('▁▂▅█');
    expect(sparkline([0, 30], 60)).toBe('▁▅');
    expect(sparkline([0, 0])).toBe('▁▁');
  });
});

describe('the rule query', () => {
  it('asks for function(promql) and compares each sample with the threshold itself', () => {
    const query = ruleQuery({
      condition: {
        kind: 'BUILT',
        promql: 'rate(errors[5m])',
        operator: 'ABOVE',
        threshold: 0.5,
        function: 'MAX',
      },
      for_duration: 'PT5M',
    });
    if ('unavailable' in query) throw new Error(query.unavailable);
    expect(query.query).toBe('max(rate(errors[5m]))');
    expect(query.expression).toBe('max(rate(errors[5m])) > 0.5');
    expect(query.forSeconds).toBe(300);
    expect([query.meets(0.5), query.meets(0.6)]).toEqual([false, true]);
  });

  it('compares as each operator says, and every sample meets a condition without one', () => {
    const meets = (operator: string, threshold?: number) => {
      const query = ruleQuery({
        condition: { kind: 'CUSTOM', promql: 'x', operator, threshold } as never,
        for_duration: 'PT0S',
      });
      if ('unavailable' in query) throw new Error(query.unavailable);
      return [4, 5, 6].map(query.meets);
    };
    expect(meets('BELOW', 5)).toEqual([true, false, false]);
    expect(meets('ABOVE_OR_EQUAL', 5)).toEqual([false, true, true]);
    expect(meets('BELOW_OR_EQUAL', 5)).toEqual([true, true, false]);
    expect(meets('EQUAL', 5)).toEqual([false, true, false]);
    expect(meets('NONE')).toEqual([true, true, true]);
  });

  it('says why a rule cannot be backtested', () => {
    expect(
      ruleQuery({ condition: { kind: 'CUSTOM', promql: 'x', operator: 'NONE' }, for_duration: 'P1M' }),
    ).toEqual({ unavailable: 'for_duration P1M has no fixed length (years or months)' });
    expect(
      ruleQuery({
        condition: { kind: 'CUSTOM', promql: 'x', function: 'MEDIAN' } as never,
        for_duration: 'PT0S',
      }),
    ).toEqual({ unavailable: 'function MEDIAN is not known to this version' });
    const query = ruleQuery({
      condition: { kind: 'BUILT', promql: 'up', operator: 'ABOVE' },
      for_duration: 'PT0S',
    });
    expect(query).toEqual({ unavailable: expect.stringContaining('without a threshold') });
  });
});

describe('outcome', () => {
  const window = { start: 0, end: 3600, stepSeconds: 60 };
  const rule = { meets: (v: number) => v > 1, forSeconds: 0, expression: 'x > 1' };
  const constant = (value: number) =>
    Array.from({ length: 60 }, (_, i) => [i * 60, value] as [number, number]);

  it('warns of a rule firing most of the window, and of one that never fires on data that exists', () => {
    const always = backtestOutcome([{ metric: {}, values: constant(5) }], rule, window);
    expect(always.verdict).toBe('mostly-firing');
    expect(always.figures).toEqual({ fired: 1, firingSeconds: 3600, longestSeconds: 3600 });
    expect(always.perBucket).toEqual([60]);
    const never = backtestOutcome([{ metric: {}, values: constant(0) }], rule, window);
    expect(never.verdict).toBe('never-fired');
    expect(never.series).toBe(1);
  });

  it('notes a query that returned no series', () => {
    expect(backtestOutcome([], rule, window).verdict).toBe('no-series');
  });
});

describe('the sentence', () => {
  const done = (fired: number, firingSeconds: number, longestSeconds: number): BacktestDone => ({
    status: 'done',
    expression: 'x > 1',
    stepSeconds: 60,
    series: 1,
    seriesFired: fired > 0 ? 1 : 0,
    figures: { fired, firingSeconds, longestSeconds },
    perBucket: [],
    bucketSeconds: DAY,
  });
  const rule = (proposed: RuleBacktest['proposed'], live?: RuleBacktest['live']): RuleBacktest => ({
    name: 'r',
    file: 'a.yaml',
    line: 1,
    action: live ? 'update' : 'create',
    clusterId: 'c',
    proposed,
    ...(live ? { live } : {}),
  });

  it('says proposed against live', () => {
    expect(backtestSentence(rule(done(14, 12_000, 3300), done(2, 720, 600)), 7 * DAY)).toBe(
      'would have fired 14 times (3 h 20 min in all; longest 55 min) in the last 7 days — now: 2 times (12 min)',
    );
    expect(resolutionWords(rule(done(1, 60, 60)))).toBe('figures at a 1 min step');
  });

  it('says what could not be done', () => {
    const unavailable = { status: 'unavailable', reason: 'HTTP 500' } as const;
    expect(backtestSentence(rule(done(0, 0, 0), unavailable), DAY)).toBe(
      'would not have fired in the last day — now: backtest unavailable: HTTP 500',
    );
    expect(backtestSentence(rule(done(3, 600, 300), { ...done(0, 0, 0), series: 0 }), DAY)).toBe(
      'would have fired 3 times (10 min in all; longest 5 min) in the last day — now: no series',
    );
    expect(backtestSentence(rule(done(3, 600, 300), done(0, 0, 0)), DAY)).toMatch(/— now: never$/);
    expect(backtestSentence(rule(unavailable, unavailable), DAY)).toBe('backtest unavailable: HTTP 500');
    expect(resolutionWords(rule(unavailable))).toBe('');
    expect(backtestSentence(rule({ ...done(0, 0, 0), series: 0 }), DAY)).toBe(
      'no series in the last day: the metric may not exist on this cluster',
    );
    expect([windowWords(3600), windowWords(36 * 3600), windowWords(5400), windowWords(DAY)]).toEqual([
      'the last hour',
      'the last 36 hours',
      'the last 90 minutes',
      'the last day',
    ]);
    expect([formatSpan(30), formatSpan(3600), formatSpan(DAY + 7200), formatSpan(2 * DAY)]).toEqual([
      '30 s',
      '1 h',
      '1 d 2 h',
      '2 d',
    ]);
  });
});

describe('candidates', () => {
  const request = {
    name: 'r',
    description: '',
    tag: '',
    condition: { kind: 'BUILT' as const, promql: 'x', operator: 'ABOVE' as const, threshold: 5 },
    for_duration: 'PT5M',
    severity: 'WARNING' as const,
    enabled: true,
    alert_receiver_ids: [],
    presentation: {},
  };
  const base = {
    kind: 'AlertRule' as const,
    organizationId: 'o',
    clusterId: 'c',
    line: 1,
    references: undefined,
  };
  const create = (name: string) => ({
    ...base,
    action: 'create' as const,
    id: null,
    name,
    file: `${name}.yaml`,
    diff: [],
    request: {
      ...request,
      name,
      organization_id: 'o',
      cluster_id: 'c',
      target: { target_type: 'CLUSTER', target_id: 'c' },
    },
  });
  const update = (name: string, diff: { path: string; before: unknown; after: unknown }[]) => ({
    ...base,
    action: 'update' as const,
    id: 'i',
    name,
    file: `${name}.yaml`,
    diff,
    request: { ...request, name, condition: { ...request.condition, threshold: 10 } },
    against: {} as never,
  });
  const plan = (changes: unknown[]): Plan =>
    ({
      organizations: ['o'],
      changes,
      diagnostics: [],
      unmanaged: [],
      ghosts: [],
      outdated: [],
    }) as unknown as Plan;

  it('passes over deletes and lists disabled rules and rules of no known cluster as not backtested', () => {
    const disabled = { ...create('off'), request: { ...create('off').request, enabled: false } };
    const raised = update('raised', [{ path: 'for_duration', before: 'PT1M', after: 'PT5M' }]);
    const selection = backtestCandidates(
      plan([
        { ...create('gone'), action: 'delete', id: 'd' },
        disabled,
        { ...raised, name: 'off-too', request: { ...raised.request, enabled: false } },
        { ...raised, name: 'nowhere', clusterId: null },
        raised,
      ]),
      10,
    );
    expect(selection.notBacktested.map((r) => [r.name, r.reason])).toEqual([
      ['off', 'it is disabled (`enabled: false`)'],
      ['off-too', 'it is disabled (`enabled: false`)'],
      ['nowhere', 'its cluster is not known'],
    ]);
    expect(selection.candidates.map((c) => [c.name, c.live?.for_duration, c.proposed.for_duration])).toEqual([
      ['raised', 'PT1M', 'PT5M'],
    ]);
  });

  it("passes over a receiver's change, neither a candidate nor listed: only an alert rule fires", () => {
    const receiver = {
      kind: 'AlertReceiver' as const,
      action: 'create' as const,
      id: null,
      name: 'pager',
      type: 'SLACK',
      organizationId: 'o',
      file: 'receivers.yaml',
      line: 1,
      diff: [],
      request: {
        name: 'pager',
        description: '',
        type: 'SLACK',
        send_resolved: true,
        owner: null,
        severity: null,
      },
      secrets: [],
    };
    const selection = backtestCandidates(plan([receiver, create('new')]), 1);
    expect(selection.candidates.map((c) => [c.name, c.action])).toEqual([['new', 'create']]);
    expect(selection.notBacktested).toEqual([]);
  });

  it('takes creates and updates of a firing field, rebuilds the live rule from the diff, and caps them', () => {
    const selection = backtestCandidates(
      plan([
        update('raised', [{ path: 'condition.threshold', before: 5, after: 10 }]),
        update('renamed', [{ path: 'description', before: 'a', after: 'b' }]),
        create('new'),
        create('over'),
      ]),
      2,
    );
    expect(selection.candidates.map((c) => [c.name, c.action])).toEqual([
      ['raised', 'update'],
      ['new', 'create'],
    ]);
    expect(selection.candidates[0]!.live?.condition.threshold).toBe(5);
    expect(selection.candidates[0]!.proposed.condition.threshold).toBe(10);
    expect(selection.notBacktested).toEqual([
      {
        name: 'over',
        file: 'over.yaml',
        line: 1,
        reason: 'over the limit of 2 per run (backtest-max-rules)',
      },
    ]);
  });
});
