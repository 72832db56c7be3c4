import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BacktestDone, BacktestReport, RuleBacktest } from '../../../src/backtest/types.js';
import { axisMax, mermaidChart } from '../../../src/report/backtest-markdown.js';
import { formatBacktestText } from '../../../src/report/backtest-text.js';
import { COLLAPSE_CHARS, renderComment } from '../../../src/report/comment.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { change, finding, plan, report } from './report-factory.js';

const DAY = 86_400;
const MARKER = commentMarker('gitops', ['alerting']);
/** 2026-11-14T00:00:00Z, a week before the fake clock's day. */
const START = Date.UTC(2026, 10, 14) / 1000;

const done = (perBucket: number[], fired: number): BacktestDone => ({
  status: 'done',
  expression: 'max(rate(errors[5m])) > 0.9',
  stepSeconds: 60,
  series: 3,
  seriesFired: 2,
  figures: { fired, firingSeconds: perBucket.reduce((a, b) => a + b, 0) * 60, longestSeconds: 3300 },
  perBucket,
  bucketSeconds: DAY,
});

function sampleBacktest(rules = 2): BacktestReport {
  const updated: RuleBacktest = {
    name: 'rule-1',
    file: 'alerting/rules-1.yaml',
    line: 21,
    action: 'update',
    clusterId: 'c',
    proposed: done([12, 0, 0, 0, 0, 0, 0], 2),
    live: done([55, 20, 35, 10, 60, 0, 20], 14),
  };
  const unavailable: RuleBacktest = {
    name: 'rule-5',
    file: 'alerting/rules-1.yaml',
    line: 101,
    action: 'update',
    clusterId: 'c',
    proposed: { status: 'unavailable', reason: 'the metrics answer is an HTML page, not Prometheus JSON' },
    live: { status: 'unavailable', reason: 'the metrics answer is an HTML page, not Prometheus JSON' },
  };
  return {
    windowSeconds: 7 * DAY,
    start: START,
    end: START + 7 * DAY,
    rules: Array.from({ length: rules }, (_, i) =>
      i % 2 === 0 ? { ...updated, name: `rule-${i + 1}` } : unavailable,
    ),
    notBacktested: [
      {
        name: 'rule-9',
        file: 'alerting/rules-1.yaml',
        line: 181,
        reason: 'over the limit of 2 per run (backtest-max-rules)',
      },
    ],
  };
}

describe('the backtest in the comment and the summary', () => {
  it('shows the sentence, a Mermaid chart of proposed against live, and the rules left out', async () => {
    const r = { ...report({ plan: plan([change(1), change(5), change(9)]) }), backtest: sampleBacktest() };
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    expect(body).toContain('#### Backtest: the last 7 days');
    expect(body).toContain(
      'would have fired 2 times (12 min in all; longest 55 min) in the last 7 days — now: 14 times (3 h 20 min)',
    );
    expect(body).toContain(
      '```mermaid\n%%{init: {"xyChart": {"width": 640, "height": 240}, "themeVariables": {"xyChart": {"plotColorPalette": "#2f81f7, #fb8500"}}}}%%\nxychart-beta\n    title "Minutes firing per day (UTC): blue proposed, orange live"\n' +
        '    x-axis ["Nov 14", "Nov 15", "Nov 16", "Nov 17", "Nov 18", "Nov 19", "Nov 20"]\n' +
        '    y-axis "minutes" 0 --> 80\n    line [12, 0, 0, 0, 0, 0, 0]\n    line [55, 20, 35, 10, 60, 0, 20]\n```',
    );
    // The chart says it: no sparkline repeats it under it.
    expect(body).not.toContain('proposed ▂▁▁▁▁▁▁');
    expect(body).toContain('backtest unavailable: the metrics answer is an HTML page, not Prometheus JSON');
    expect(body).toContain('not backtested, over the limit of 2 per run (backtest-max-rules)');
    // After the file sections: a reviewer reads the findings and the changes first.
    expect(body.indexOf('#### Backtest')).toBeGreaterThan(body.lastIndexOf('</details>'));
    const summary = renderSummary(r, countRun(r));
    expect(summary).toContain('xychart-beta\n    title');
    if (process.env.BACKTEST_COMMENT_OUT) await writeFile(process.env.BACKTEST_COMMENT_OUT, body);
  });

  it('reads headline, findings, changes, then the backtest, with several of each', () => {
    const r = {
      ...report({
        plan: plan([change(1), change(2), change(3), change(5)]),
        diagnostics: [finding('warning', 'alerting/rules-1.yaml', 21, 'a warning on the rule')],
      }),
      backtest: sampleBacktest(5),
    };
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    const at = (text: string) => {
      expect(body, text).toContain(text);
      return body.indexOf(text);
    };
    const order = [
      at('**plan: 1 warning, 4 changes pending**'),
      at('a warning on the rule'),
      at('**✏️ update** rule-1'),
      at('**✏️ update** rule-5'),
      at('#### Backtest'),
      at('```mermaid'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(body.match(/```mermaid/g)).toHaveLength(3);
  });

  it('keeps the file sections open however long the charts under them are', () => {
    const r = { ...report({ plan: plan([change(1), change(2)]) }), backtest: sampleBacktest(60) };
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    // The charts alone are over the length at which long file sections collapse.
    expect(body.length).toBeGreaterThan(COLLAPSE_CHARS);
    expect(body.match(/<details open>/g)).toHaveLength(2);
    expect(body).not.toMatch(/<details>/);
  });

  it('draws no bar: a day of zero minutes is on the line at 0, not a small bar', () => {
    const chart = mermaidChart(sampleBacktest().rules[0]!, sampleBacktest());
    expect(chart).not.toMatch(/^\s*bar /m);
    expect(chart.match(/^ {4}line \[/gm)).toHaveLength(2);
    const created: RuleBacktest = { ...sampleBacktest().rules[0]!, action: 'create', live: undefined };
    expect(mermaidChart(created, sampleBacktest())).toContain(
      '"plotColorPalette": "#2f81f7"}}}}%%\nxychart-beta\n    title "Minutes firing per day (UTC): proposed"',
    );
    expect(mermaidChart(created, sampleBacktest())).not.toMatch(/^\s*bar /m);
  });

  it('tops a small chart at 8 minutes, nine whole ticks rather than tenths crowding each other', () => {
    const small: RuleBacktest = {
      ...sampleBacktest().rules[0]!,
      proposed: done([1, 0, 0, 0, 0, 0, 0], 1),
      live: done([2, 0, 1, 0, 0, 0, 0], 2),
    };
    expect(mermaidChart(small, sampleBacktest())).toContain('    y-axis "minutes" 0 --> 8\n');
    expect([0, 1, 3, 8, 9, 16, 17, 40, 41, 60, 80, 81, 300, 1440, 1600, 1601].map(axisMax)).toEqual([
      8, 8, 8, 8, 16, 16, 40, 40, 80, 80, 80, 160, 400, 1600, 1600, 4000,
    ]);
  });

  it('keeps the sparkline where no chart is drawn: nothing fired on either side', () => {
    const quiet: RuleBacktest = {
      ...sampleBacktest().rules[0]!,
      proposed: done([0, 0, 0, 0, 0, 0, 0], 0),
      live: done([0, 0, 0, 0, 0, 0, 0], 0),
    };
    const r = {
      ...report({ plan: plan([change(1)]) }),
      backtest: { ...sampleBacktest(0), rules: [quiet], notBacktested: [] },
    };
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    expect(body).not.toContain('```mermaid');
    expect(body).toContain('`proposed ▁▁▁▁▁▁▁  live ▁▁▁▁▁▁▁');
  });

  it("leaves the section out when the change touches no rule's firing", () => {
    const r = {
      ...report({ plan: plan([change(1)]) }),
      backtest: { ...sampleBacktest(0), notBacktested: [] },
    };
    expect(renderComment(r, countRun(r), MARKER, 'b'.repeat(40))).not.toContain('Backtest');
    expect(renderSummary(r, countRun(r))).not.toContain('Backtest');
  });

  it('keeps within the comment budget by leaving out whole rules', () => {
    const r = { ...report({ plan: plan([change(1)]) }), backtest: sampleBacktest(400) };
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40), { limit: 20_000 });
    expect(body.length).toBeLessThanOrEqual(20_000);
    // Every chart that is in is whole: as many closing fences as opening ones.
    expect(body.match(/```mermaid/g)!.length).toBe((body.match(/\n```(\n|$)/g) ?? []).length);
    // The backtest comes last: only backtests are left out, the change is whole.
    expect(body).toMatch(/\d+ backtests left out/);
    expect(body).toContain('**✏️ update** rule-1');
  });
});

describe('the backtest in the terminal', () => {
  it('says each rule in one line with its sparkline, and the rules left out', () => {
    expect(formatBacktestText(sampleBacktest())).toBe(
      [
        "Backtest over the last 7 days (the metrics of each rule's cluster):",
        '  ~ rule-1 (alerting/rules-1.yaml:21): would have fired 2 times (12 min in all; longest 55 min) in the last 7 days — now: 14 times (3 h 20 min)',
        '      proposed ▂▁▁▁▁▁▁  live ▇▃▅▂█▁▃  (minutes firing per day, highest 60; figures at a 1 min step)',
        '  ~ rule-5 (alerting/rules-1.yaml:101): backtest unavailable: the metrics answer is an HTML page, not Prometheus JSON',
        '  not backtested: rule-9 (alerting/rules-1.yaml:181): over the limit of 2 per run (backtest-max-rules)',
      ].join('\n'),
    );
    expect(formatBacktestText({ ...sampleBacktest(0), notBacktested: [] })).toContain(
      'no rule the change creates, or whose condition or for_duration it changes',
    );
  });
});
