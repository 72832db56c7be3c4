import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandRequest, decide, logLine, runtimeOptions } from '../../../src/action/main-step.js';
import { systemClock } from '../../../src/core/clock.js';
import { Redactor } from '../../../src/core/redact.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { createRuntime } from '../../../src/runtime/runtime.js';
import { HEAD_SHA, testDecision, testInputs, testRunner } from './main-step-factory.js';

const BASE = 'a'.repeat(40);

describe('decide', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plans a pull request from its event payload, and validates offline without an api-token', () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const runner = testRunner({
      payload: {
        number: 7,
        pull_request: {
          number: 7,
          base: { sha: BASE, repo: { full_name: 'acme/gitops' } },
          head: { sha: HEAD_SHA, repo: { full_name: 'acme/gitops' } },
        },
      },
    });
    expect(decide(testInputs({ 'api-token': 't0ken' }), runner)).toEqual(testDecision());
    const offline = decide(testInputs(), runner);
    expect(offline.command).toBe('validate');
    expect(offline.skipped).toEqual([
      'No api-token was given: only offline validation ran (the plan needs the service).',
    ]);
  });
});

describe('runtimeOptions', () => {
  const redactor = new Redactor();
  redactor.add('s3cr3t');

  it('maps the inputs and the decision onto the run, the service address read only when asked', () => {
    const inputs = testInputs({
      paths: 'alerting\ncomponents',
      ignore: 'alerting/old/**',
      'allow-empty': 'true',
      'organization-id': '7f1b2c3d-0000-4000-8000-000000000001',
      prune: 'true',
      concurrency: '8',
      'api-url': 'https://api.example.test',
    });
    const runner = testRunner({ workspace: '/work/repo' });
    const options = runtimeOptions(inputs, runner, testDecision({ allComponents: true }), redactor, () => {});
    expect(options).toMatchObject({
      command: 'plan',
      root: '/work/repo',
      paths: ['alerting', 'components'],
      ignore: ['alerting/old/**'],
      allowEmpty: true,
      organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
      base: BASE,
      head: HEAD_SHA,
      prune: true,
      concurrency: 8,
      allComponents: true,
      baseFallback: true,
      clock: systemClock,
      redactor,
      env: process.env,
    });
    expect(options.service.token).toBeNull();
    expect(options.service.apiUrl()).toBe('https://api.example.test');
  });

  it('lets only a pull request plan fall back when its base is not in the clone', () => {
    const inputs = testInputs();
    const runner = testRunner();
    const fallback = (decision: ReturnType<typeof testDecision>) =>
      runtimeOptions(inputs, runner, decision, redactor, () => {}).baseFallback;
    expect(fallback(testDecision())).toBe(true);
    expect(fallback(testDecision({ command: 'apply', pullRequest: null }))).toBe(false);
    expect(fallback(testDecision({ command: 'plan', pullRequest: null }))).toBe(false);
    expect(fallback(testDecision({ command: 'drift', pullRequest: null }))).toBe(false);
  });

  it('writes progress as one redacted line each', () => {
    const lines: string[] = [];
    const options = runtimeOptions(testInputs(), testRunner(), testDecision(), redactor, (l) =>
      lines.push(l),
    );
    options.progress('rule "a\n::error::x" uses s3cr3t\r\nagain');
    expect(lines).toEqual(['rule "a ::error::x" uses *** again']);
  });

  it("refuses a service request without a token, in the input's words", async () => {
    const options = runtimeOptions(testInputs(), testRunner(), testDecision(), new Redactor(), () => {});
    const runtime = await createRuntime(options);
    try {
      expect(() => runtime.context.service()).toThrow(UsageError);
      expect(() => runtime.context.service()).toThrow(
        'The api-token input is empty: the service cannot be asked without a token.',
      );
    } finally {
      await runtime.close();
    }
  });
});

describe('commandRequest', () => {
  const inputs = { remediate: true, receivers: ['slack-oncall'] };
  const baseApplied = { applied: false, commit: null, why: 'no base' } as const;
  const review = { review: { why: 'a direct push' }, onUnreviewed: 'warn', baseApplied } as const;

  it('passes remediate to drift only', () => {
    expect(commandRequest(inputs, { command: 'drift' }, null)).toEqual({ command: 'drift', remediate: true });
    expect(commandRequest(inputs, { command: 'plan' }, null)).toEqual({ command: 'plan' });
    expect(commandRequest(inputs, { command: 'validate' }, null)).toEqual({ command: 'validate' });
  });

  it('asks drift to adopt the drift for the pull request, unless remediation is asked for, which wins', () => {
    const adopting = {
      remediate: false,
      receivers: [],
      driftPullRequest: true,
      driftAdoptInto: 'alerts/new.yaml',
    };
    expect(commandRequest(adopting, { command: 'drift' }, null)).toEqual({
      command: 'drift',
      remediate: false,
      adopt: { into: 'alerts/new.yaml', tree: false },
    });
    expect(commandRequest({ ...adopting, remediate: true }, { command: 'drift' }, null)).toEqual({
      command: 'drift',
      remediate: true,
    });
    expect(commandRequest({ ...adopting, driftAdoptInto: null }, { command: 'plan' }, null)).toEqual({
      command: 'plan',
    });
  });

  it('passes the receivers input to test-receivers only', () => {
    expect(commandRequest(inputs, { command: 'test-receivers' }, null)).toEqual({
      command: 'test-receivers',
      names: ['slack-oncall'],
    });
  });

  it('gives a push apply its review, and an apply without one none', () => {
    expect(commandRequest(inputs, { command: 'apply' }, review)).toEqual({ command: 'apply', review });
    expect(commandRequest(inputs, { command: 'apply' }, null)).toEqual({ command: 'apply' });
  });

  it("backtests a pull request's plan unless the backtest input is false or the cap is 0", () => {
    const on = { remediate: false, receivers: [], backtest: true, backtestMaxRules: 3 };
    expect(commandRequest(on, { command: 'plan', pullRequest: 7 }, null)).toEqual({
      command: 'plan',
      backtest: { windowSeconds: 7 * 86_400, maxRules: 3 },
    });
    expect(commandRequest({ ...on, backtest: false }, { command: 'plan', pullRequest: 7 }, null)).toEqual({
      command: 'plan',
    });
    expect(commandRequest({ ...on, backtestMaxRules: 0 }, { command: 'plan', pullRequest: 7 }, null)).toEqual(
      {
        command: 'plan',
      },
    );
    // A push or a schedule plans without a pull request: nothing to review, no backtest.
    expect(commandRequest(on, { command: 'plan', pullRequest: null }, null)).toEqual({ command: 'plan' });
  });

  it("checks the live series of a pull request's plan as the live-series inputs say, never without a pull request", () => {
    const on = { remediate: false, receivers: [], liveSeries: 'changed' as const, liveSeriesErrors: false };
    expect(commandRequest(on, { command: 'plan', pullRequest: 7 }, null)).toEqual({
      command: 'plan',
      live: { scope: 'changed', asErrors: false },
    });
    expect(
      commandRequest(
        { ...on, liveSeries: 'all', liveSeriesErrors: true },
        { command: 'plan', pullRequest: 7 },
        null,
      ),
    ).toEqual({ command: 'plan', live: { scope: 'all', asErrors: true } });
    expect(commandRequest({ ...on, liveSeries: 'false' }, { command: 'plan', pullRequest: 7 }, null)).toEqual(
      {
        command: 'plan',
      },
    );
    expect(commandRequest(on, { command: 'plan', pullRequest: null }, null)).toEqual({ command: 'plan' });
  });

  it("gives a pull request's plan what is known of its base commit's apply", () => {
    expect(commandRequest(inputs, { command: 'plan' }, null, baseApplied)).toEqual({
      command: 'plan',
      baseApplied,
    });
  });
});

describe('logLine', () => {
  it('keeps a line on one line and hides secrets', () => {
    const redactor = new Redactor();
    redactor.add('tok3n');
    expect(logLine(redactor, 'Nothing posted:\n::warning::tok3n\r\rend')).toBe(
      'Nothing posted: ::warning::*** end',
    );
  });
});
