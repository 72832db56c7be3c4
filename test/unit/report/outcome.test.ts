import { describe, expect, it } from 'vitest';
import { countRun, headline, isFailing } from '../../../src/report/outcome.js';
import { change, finding, plan, report, result } from './report-factory.js';

describe('countRun', () => {
  it('counts pending changes, findings, writes and component violations', () => {
    const component = {
      file: 'c.yaml',
      line: 1,
      organizationId: 'o',
      templateKey: 'aws-standard',
      templateVersion: '1.4.0',
      componentKey: 'karpenter',
      clusterMode: 'QOVERY_MANAGED' as const,
      cloudProvider: 'AWS' as const,
      status: 'resolved' as const,
      violations: 3,
      requirements: [],
      bindings: [],
    };
    const r = report({
      command: 'apply',
      plan: plan([change(1), change(2, 'create'), change(3, 'noop')]),
      diagnostics: [
        finding('error', 'a.yaml', 1),
        finding('warning', 'a.yaml', 2),
        finding('notice', 'a.yaml', 3),
      ],
      results: [result(1), result(2, false)],
      components: [component],
    });
    expect(countRun(r)).toEqual({
      changes: 2,
      violations: 3,
      errors: 2,
      warnings: 1,
      drift: 0,
      applied: 1,
      failed: 1,
    });
  });

  it('counts drift only for drift checks', () => {
    const pending = plan([change(1), change(2)]);
    expect(countRun(report({ command: 'drift', plan: pending })).drift).toBe(2);
    expect(countRun(report({ command: 'plan', plan: pending })).drift).toBe(0);
  });
});

describe('isFailing', () => {
  const counts = (errors: number, warnings: number) => ({ ...countRun(report()), errors, warnings });
  it('fails on errors always, and on warnings when fail-on is warning', () => {
    expect(isFailing(counts(1, 0), 'error')).toBe(true);
    expect(isFailing(counts(0, 2), 'error')).toBe(false);
    expect(isFailing(counts(0, 2), 'warning')).toBe(true);
    expect(isFailing(counts(0, 0), 'warning')).toBe(false);
  });
});

describe('headline', () => {
  it('says how each command went in one line', () => {
    const say = (r: ReturnType<typeof report>) => headline(r, countRun(r));
    expect(say(report({ command: 'validate' }))).toBe('validate: all documents valid');
    expect(say(report({ plan: plan([change(1, 'noop')]) }))).toBe('plan: no changes');
    expect(say(report({ plan: plan([change(1)]), diagnostics: [finding('warning', 'a', 1)] }))).toBe(
      'plan: 1 warning, 1 change pending',
    );
    expect(say(report({ command: 'drift', plan: plan([change(1), change(2)]) }))).toBe(
      'drift: 2 rules drifted',
    );
    expect(say(report({ command: 'apply', results: [result(1), result(2, false)] }))).toBe(
      'apply: 1 error, 1 applied, 1 failed',
    );
  });
});
