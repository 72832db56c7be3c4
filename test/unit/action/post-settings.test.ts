import { describe, expect, it } from 'vitest';
import { readPostSettings } from '../../../src/action/post-settings.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING = 'c1a5e7e0-0000-4000-8000-000000000102';

const read = (inputs: Record<string, string>, state: Record<string, string> = {}) =>
  readPostSettings({ input: (name) => inputs[name] ?? '', state: (name) => state[name] ?? '' });

describe('readPostSettings', () => {
  it('uses the clusters the main step saved, with its address and the default entry count', () => {
    const { settings, warnings } = read(
      { 'api-token': 'qov_sandbox_acme_token' },
      {
        clusters: JSON.stringify([{ organizationId: ORG, clusterId: PROD }]),
        'api-url': 'http://127.0.0.1:4010/',
      },
    );
    expect(warnings).toEqual([]);
    expect(settings).toEqual({
      apiUrl: 'http://127.0.0.1:4010',
      apiToken: 'qov_sandbox_acme_token',
      clusters: [{ organizationId: ORG, clusterId: PROD }],
      alreadyShown: [],
      entries: 50,
      runStartedAt: null,
    });
  });

  it('reads the run start the main step recorded, and ignores an unreadable one with a warning', () => {
    const saved = { 'run-started': '2026-11-23T21:50:00.250Z' };
    expect(read({}, saved).settings?.runStartedAt).toBe(Date.parse('2026-11-23T21:50:00.250Z'));
    const bad = read({}, { 'run-started': 'yesterday' });
    expect(bad.settings?.runStartedAt).toBeNull();
    expect(bad.warnings).toEqual([
      "The run's start saved by the main step ('yesterday') is not an ISO 8601 UTC time: ignored, the newest deployment is shown.",
    ]);
  });

  it('prefers the cluster-id input (several allowed) with the organization input or the saved one', () => {
    const { settings } = read(
      { 'cluster-id': `${PROD}, ${STAGING.toUpperCase()}`, 'log-entries': '7' },
      {
        'organization-id': ORG,
        clusters: JSON.stringify([
          { organizationId: ORG, clusterId: 'c1a5e7e0-0000-4000-8000-000000000103' },
        ]),
      },
    );
    expect(settings?.clusters).toEqual([
      { organizationId: ORG, clusterId: PROD },
      { organizationId: ORG, clusterId: STAGING },
    ]);
    expect(settings?.entries).toBe(7);
    expect(settings?.apiUrl).toBe('https://api.qovery.com');
  });

  it('leaves out saved clusters whose logs the main step already attached, but never input ones', () => {
    const attached = JSON.stringify([{ organizationId: ORG, clusterId: PROD }]);
    const both = JSON.stringify([
      { organizationId: ORG, clusterId: PROD },
      { organizationId: ORG, clusterId: STAGING },
    ]);
    const fromState = read({}, { clusters: both, 'logs-attached': attached }).settings;
    expect(fromState?.clusters).toEqual([{ organizationId: ORG, clusterId: STAGING }]);
    expect(fromState?.alreadyShown).toEqual([{ organizationId: ORG, clusterId: PROD }]);
    const fromInput = read(
      { 'cluster-id': PROD, 'organization-id': ORG },
      { 'logs-attached': attached },
    ).settings;
    expect(fromInput?.clusters).toEqual([{ organizationId: ORG, clusterId: PROD }]);
    expect(read({}, { clusters: both, 'logs-attached': 'oops' }).warnings).toEqual([
      'The clusters with logs saved by the main step are not valid JSON: ignored.',
    ]);
  });

  it('turns every bad value into a warning and a safe default', () => {
    expect(read({ 'log-entries': '5000' }).warnings[0]).toMatch(/log-entries '5000'.*1 to 1000; showing 50/);
    expect(read({ 'log-entries': '0' }).settings?.entries).toBe(50);
    expect(read({}, { clusters: '{not json' }).warnings[0]).toMatch(/not valid JSON/);
    expect(read({}, { clusters: '{}' }).warnings[0]).toMatch(/not a list/);
    const partial = read(
      {},
      { clusters: JSON.stringify([{ organizationId: ORG, clusterId: PROD }, { clusterId: 'x' }]) },
    );
    expect(partial.settings?.clusters).toHaveLength(1);
    expect(partial.warnings[0]).toMatch(/1 of the clusters/);
    expect(read({ 'cluster-id': PROD }).warnings[0]).toMatch(/needs organization-id/);
    expect(read({ 'cluster-id': 'prod-eu', 'organization-id': ORG }).warnings[0]).toMatch(
      /cluster-id 'prod-eu'/,
    );
    const plainHttp = read({ 'api-url': 'http://api.example.com' });
    expect(plainHttp.settings).toBeNull();
    expect(plainHttp.warnings[0]).toMatch(/plain http/);
  });
});
