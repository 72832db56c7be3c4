/** Documents written with names at the base revision too: removed ones are pruned by what their names resolve to. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { ACME, type TestRun, testRun } from './run-context.js';

const P99 = 'a2a2a2a2-0000-4000-8000-000000000501';

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

/** git in the temporary repository, with the fixed author of the test helpers. */
const git = (...args: string[]): string => gitSync(repo, ...args);

/** The live rule api-p99-latency (on prod-eu, target api), matched by its cluster's name and its own. */
const P99_BY_NAME = readFileSync(
  new URL('../../../fixtures/example/alerting/api.yaml', import.meta.url),
  'utf8',
)
  .split('\n---\n')[0]!
  .replace(`id: ${P99}\n`, '')
  .replace('cluster_id: c1a5e7e0-0000-4000-8000-000000000101', 'cluster: prod-eu')
  .replace(
    'target:\n  target_type: APPLICATION\n  target_id: a1a1a1a1-0000-4000-8000-000000000301',
    'target: {service: shop/production/api}',
  );

const COMPONENT = readFileSync(
  new URL('../../../fixtures/example/components/prod-eu/cert-manager.yaml', import.meta.url),
  'utf8',
).replace('  id: c1a5e7e0-0000-4000-8000-000000000101', '  name: prod-eu');

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'names-history-'));
  mkdirSync(join(repo, 'alerting'));
  mkdirSync(join(repo, 'components'));
  writeFileSync(join(repo, 'alerting/p99.yaml'), `${P99_BY_NAME}\n`);
  writeFileSync(join(repo, 'alerting/keep.yaml'), `${P99_BY_NAME.replace('api-p99-latency', 'kept')}\n`);
  writeFileSync(join(repo, 'components/cert-manager.yaml'), COMPONENT);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

async function planAtHead(prune: boolean) {
  const reader = createGitReader(repo);
  const r = testRun(sandbox, {
    root: repo,
    paths: ['.'],
    organizationId: ACME,
    git: reader,
    base: await reader.parentOf('HEAD'),
    prune,
  });
  runs.push(r);
  return runPlan(r.ctx);
}

describe('names at the base revision', () => {
  it('a removed document written with names deletes, with prune, the rule its names resolve to', async () => {
    rmSync(join(repo, 'alerting/p99.yaml'));
    git('commit', '-q', '-am', 'remove the p99 rule');
    const report = await planAtHead(true);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.plan!.changes.filter((c) => c.action === 'delete').map((c) => c.id)).toEqual([P99]);
    const deleted = changesOfKind(report.plan!.changes, 'AlertRule').find((c) => c.action === 'delete')!;
    expect(deleted.references?.cluster).toEqual({
      id: 'c1a5e7e0-0000-4000-8000-000000000101',
      name: 'prod-eu',
    });
    // The component names its cluster at both revisions and did not change: not sent to the service.
    expect(report.components.map((c) => c.status)).toEqual(['skipped']);
    expect(report.requests.byOperation.resolvePlatformTemplateComponentConfiguration).toBeUndefined();
  });

  it('a document that names its cluster at both revisions is not taken for a removed one', async () => {
    writeFileSync(
      join(repo, 'alerting/p99.yaml'),
      `${P99_BY_NAME.replace('severity: HIGH', 'severity: LOW')}\n`,
    );
    git('commit', '-q', '-am', 'lower the p99 severity');
    const report = await planAtHead(false);
    expect(report.diagnostics.map((d) => d.code)).not.toContain('plan.removed-not-pruned');
    expect(report.plan!.changes.find((c) => c.id === P99)?.action).toBe('update');
  });
});
