import { describe, expect, it } from 'vitest';
import type { PlatformComponentDocument } from '../../../src/documents/types.js';
import { clustersOf, runReport } from '../../../src/planner/run-report.js';
import { ACME, testRun } from '../commands/run-context.js';
import { change, finding, plan, report } from '../report/report-factory.js';

const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'C1A5E7E0-0000-4000-8000-000000000102';
const component = (clusterId: string, organization_id?: string) =>
  ({ value: { organization_id, cluster: { id: clusterId } } }) as unknown as PlatformComponentDocument;

describe('clustersOf', () => {
  it('names the clusters of pending changes and of components once, not those of unchanged rules', () => {
    const p = plan([change(1, 'update'), change(2, 'noop'), change(3, 'create')]);
    expect(clustersOf(p, [component(PROD_EU), component(STAGING_EU)], ACME)).toEqual([
      { organizationId: ACME, clusterId: PROD_EU },
      { organizationId: ACME, clusterId: STAGING_EU },
    ]);
    expect(clustersOf(plan([change(2, 'noop')]), [], ACME)).toEqual([]);
  });

  it('needs an organization: a component without one, and no default, is left out', () => {
    expect(clustersOf(null, [component(PROD_EU)], null)).toEqual([]);
  });
});

describe('runReport', () => {
  it('sorts the findings, counts no request without a client and gives the parts not found empty', () => {
    const run = testRun({ url: 'http://127.0.0.1:9', token: 'unused' });
    const started = run.ctx.clock.now();
    const warning = finding('warning', 'b.yaml', 1);
    const error = finding('error', 'a.yaml', 9);
    // Every part not found is empty; the requests are none, the duration the (fake) clock's.
    expect(runReport(run.ctx, { command: 'plan', started, diagnostics: [warning, error] })).toEqual(
      report({ diagnostics: [error, warning], requests: { total: 0, byOperation: {} }, durationMs: 0 }),
    );
    return run.close();
  });
});
