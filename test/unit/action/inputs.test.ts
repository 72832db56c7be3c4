import { afterEach, describe, expect, it, vi } from 'vitest';
import { readInputs } from '../../../src/action/inputs.js';
import { UsageError } from '../../../src/core/usage-error.js';

const env = (inputs: Record<string, string>) =>
  Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]));

describe('readInputs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives action.yml defaults when inputs are empty (empty means not given)', () => {
    const inputs = readInputs(env({ command: '', paths: '', 'api-token': '', 'fail-on': '' }));
    expect(inputs).toEqual({
      command: 'auto',
      paths: ['.'],
      ignore: [],
      allowEmpty: false,
      apiUrl: 'https://api.qovery.com',
      apiToken: null,
      organizationId: null,
      githubToken: null,
      comment: true,
      checks: true,
      driftIssue: true,
      driftLabel: 'platform-gitops-drift',
      remediate: false,
      driftPullRequest: false,
      driftAdoptInto: null,
      prune: false,
      rotateSecrets: false,
      failOn: 'error',
      concurrency: 4,
      clusterIds: [],
      logEntries: 50,
      receivers: [],
      onUnreviewed: 'warn',
      backtest: true,
      backtestMaxRules: 10,
      liveSeries: 'changed',
      liveSeriesErrors: false,
    });
  });

  it('reads every input by its upper-cased name with hyphens kept', () => {
    const inputs = readInputs({
      'INPUT_API-TOKEN': 'qov_sandbox_acme_token',
      'INPUT_ORGANIZATION-ID': '7F1B2C3D-0000-4000-8000-000000000001',
      'INPUT_DRIFT-ISSUE': 'false',
      'INPUT_FAIL-ON': 'warning',
      INPUT_PATHS: 'alerting\ncomponents, alerting',
      INPUT_CONCURRENCY: '16',
      'INPUT_API-URL': 'http://127.0.0.1:4010/',
      INPUT_PRUNE: 'TRUE',
      'INPUT_CLUSTER-ID': 'c1a5e7e0-0000-4000-8000-000000000101,\nC1A5E7E0-0000-4000-8000-000000000102',
      INPUT_BACKTEST: 'false',
      'INPUT_BACKTEST-MAX-RULES': '3',
      'INPUT_LIVE-SERIES': 'all',
      'INPUT_LIVE-SERIES-ERRORS': 'true',
    });
    expect([inputs.backtest, inputs.backtestMaxRules]).toEqual([false, 3]);
    expect([inputs.liveSeries, inputs.liveSeriesErrors]).toEqual(['all', true]);
    expect(inputs.clusterIds).toEqual([
      'c1a5e7e0-0000-4000-8000-000000000101',
      'c1a5e7e0-0000-4000-8000-000000000102',
    ]);
    expect(inputs.apiToken).toBe('qov_sandbox_acme_token');
    expect(inputs.organizationId).toBe('7f1b2c3d-0000-4000-8000-000000000001');
    expect(inputs.driftIssue).toBe(false);
    expect(inputs.failOn).toBe('warning');
    expect(inputs.paths).toEqual(['alerting', 'components']);
    expect(inputs.concurrency).toBe(16);
    expect(inputs.apiUrl).toBe('http://127.0.0.1:4010');
    expect(inputs.prune).toBe(true);
  });

  it('registers both tokens as secrets before anything else is read', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(() =>
      readInputs({
        'INPUT_API-TOKEN': 'service-secret',
        'INPUT_GITHUB-TOKEN': 'ghs_secret',
        INPUT_COMMAND: 'nope',
      }),
    ).toThrow(UsageError);
    const printed = write.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(printed).toContain('::add-mask::service-secret');
    expect(printed).toContain('::add-mask::ghs_secret');
  });

  it.each([
    [
      { command: 'deploy' },
      "Invalid input command 'deploy'. Expected one of: auto, validate, plan, apply, drift, test-receivers.",
    ],
    [{ comment: 'yes' }, "Invalid input comment 'yes'. Expected true or false."],
    [{ concurrency: '0' }, "Invalid input concurrency '0'. Expected a whole number from 1 to 16."],
    [{ concurrency: '2.5' }, "Invalid input concurrency '2.5'. Expected a whole number from 1 to 16."],
    [{ 'log-entries': '5000' }, "Invalid input log-entries '5000'. Expected a whole number from 1 to 1000."],
    [{ 'fail-on': 'notice' }, "Invalid input fail-on 'notice'. Expected one of: error, warning."],
    [{ 'cluster-id': 'prod-eu' }, "Invalid input cluster-id 'prod-eu'. Expected a UUID"],
    [{ 'organization-id': 'acme' }, "Invalid input organization-id 'acme'. Expected a UUID"],
    [
      { paths: '../other' },
      "Invalid input paths '../other'. Expected a path relative to the repository root",
    ],
    [{ paths: ' , \n' }, 'Invalid input paths'],
    [{ 'api-url': 'http://api.example.com' }, 'Invalid input api-url: Refusing plain http'],
    [{ 'api-url': 'not a url' }, 'Invalid input api-url: Invalid API URL'],
    [{ 'drift-label': 'a,b' }, "Invalid input drift-label 'a,b'. Expected one label name"],
    [{ 'live-series': 'yes' }, "Invalid input live-series 'yes'. Expected one of: changed, all, false."],
    [{ 'live-series-errors': 'on' }, "Invalid input live-series-errors 'on'. Expected true or false."],
  ])('refuses %o with one line naming the input and the expected form', (given, message) => {
    let error: unknown;
    try {
      readInputs(env(given));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
