/**
 * A command's typed options into the run: what the runtime is given, what the dispatcher runs, and how the
 * report is judged and shown. A command gives the runtime only what it took; the rest is the runtime's default.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKTEST_MAX_RULES } from '../../../src/backtest/window.js';
import { parseCommandLine } from '../../../src/cli/args.js';
import { type ReportCliArgs, reportRunOf } from '../../../src/cli/report-run.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

function run(argv: string[]) {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== 'run') throw new Error('not a run');
  return reportRunOf(parsed.args as ReportCliArgs);
}

describe('reportRunOf', () => {
  it('validate: offline, the documents and how their findings fail the run', () => {
    expect(
      run(['validate', 'alerting', '--ignore', 'vendor/**', '--fail-on', 'warning', '--verbose']),
    ).toEqual({
      runtime: {
        command: 'validate',
        root: undefined,
        paths: ['alerting'],
        ignore: ['vendor/**'],
        allowEmpty: false,
        apiUrl: undefined,
        organizationId: undefined,
        concurrency: 4,
      },
      request: { command: 'validate' },
      policy: { failOn: 'warning', detailedExitcode: false },
      format: 'text',
      verbose: true,
    });
  });

  it('plan: its base, components, secrets and exit policy; the backtest and live check it asked for', () => {
    const plan = run([
      'plan',
      '--base',
      'HEAD~1',
      '--all',
      '--rotate-secrets',
      '--detailed-exitcode',
      '--backtest',
      '--live',
      '--live-errors',
      '--out',
      'p.json',
      '--format',
      'json',
    ]);
    expect(plan.runtime).toMatchObject({
      command: 'plan',
      base: 'HEAD~1',
      allComponents: true,
      rotateSecrets: true,
    });
    expect(plan.request).toEqual({
      command: 'plan',
      out: 'p.json',
      backtest: { windowSeconds: 7 * 86_400, maxRules: DEFAULT_BACKTEST_MAX_RULES },
      live: { scope: 'all', asErrors: true },
    });
    expect(plan.policy).toEqual({ failOn: 'error', detailedExitcode: true });
    expect(plan.format).toBe('json');
    expect(run(['plan']).request).toEqual({ command: 'plan' });
  });

  it('backtest: the report of a plan, with its backtest', () => {
    const backtest = run(['backtest', '--window', '1d', '--base', 'main']);
    expect(backtest.runtime).toMatchObject({ command: 'plan', base: 'main' });
    expect(backtest.runtime).not.toHaveProperty('allComponents');
    expect(backtest.request).toEqual({
      command: 'plan',
      backtest: { windowSeconds: 86_400, maxRules: DEFAULT_BACKTEST_MAX_RULES },
    });
  });

  it('apply: pruning from the documents; a saved plan with its own base and nothing to prune', () => {
    const fromDocuments = run(['apply', '--prune', '--base', 'HEAD~1', '--org', ORG]);
    expect(fromDocuments.runtime).toMatchObject({
      command: 'apply',
      base: 'HEAD~1',
      prune: true,
      rotateSecrets: false,
      organizationId: ORG,
    });
    expect(fromDocuments.request).toEqual({ command: 'apply' });
    const saved = run(['apply', '--plan', 'p.json', '--strict']);
    expect(saved.request).toEqual({ command: 'apply', planFile: 'p.json', strict: true });
    for (const field of ['base', 'prune', 'rotateSecrets', 'allComponents']) {
      expect(saved.runtime, field).not.toHaveProperty(field);
    }
  });

  it('drift: reports, remediates, or adopts into the working tree', () => {
    expect(run(['drift']).request).toEqual({ command: 'drift', remediate: false });
    expect(run(['drift', '--remediate']).request).toEqual({ command: 'drift', remediate: true });
    expect(run(['drift', '--write']).request).toEqual({
      command: 'drift',
      remediate: false,
      adopt: { into: null, tree: true },
    });
    expect(run(['drift', '--write', '--adopt-into', 'a/{cluster}.yaml']).request).toMatchObject({
      adopt: { into: 'a/{cluster}.yaml', tree: true },
    });
  });

  it('logs, export, receivers: the service, from the root, with the default policy', () => {
    const logs = run([
      'logs',
      '--cluster',
      'prod',
      '--entries',
      '7',
      '--org',
      ORG,
      '--api-url',
      'http://127.0.0.1:1',
    ]);
    expect(logs).toEqual({
      runtime: {
        command: 'logs',
        root: undefined,
        paths: ['.'],
        apiUrl: 'http://127.0.0.1:1',
        organizationId: ORG,
        concurrency: 4,
      },
      request: { command: 'logs', clusterId: 'prod', entries: 7 },
      policy: { failOn: 'error', detailedExitcode: false },
      format: 'text',
      verbose: false,
    });
    const exported = run(['export', '--out', 'exported', '--root', 'repo']);
    expect(exported.runtime).toMatchObject({ command: 'export', root: 'repo', paths: ['.'] });
    expect(exported.request).toEqual({ command: 'export', outDir: 'exported' });
    const receivers = run(['receivers', 'test', 'ops', '--message', 'hi']);
    expect(receivers.runtime).toMatchObject({ command: 'test-receivers', paths: ['.'] });
    expect(receivers.request).toEqual({ command: 'test-receivers', names: ['ops'], message: 'hi' });
    expect(run(['receivers', 'test']).request).toEqual({ command: 'test-receivers', names: [] });
  });
});
