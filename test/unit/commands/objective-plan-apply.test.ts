/**
 * A service level objective through plan, apply, drift and prune against the sandbox, over real git
 * history: its four generated rules are created, updated in place when the objective is edited, kept under
 * another name when `rule_ids` holds their ids, and deleted with prune when its document is removed.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runApply } from '../../../src/commands/apply.js';
import { runDrift } from '../../../src/commands/drift.js';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { countChanges } from '../../../src/plan/change-counts.js';
import { toJsonOutput } from '../../../src/report/json-output.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import type { RunReport } from '../../../src/run/reports.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

const FILE = 'alerting/slo.yaml';
const OBJECTIVE = `kind: ServiceLevelObjective
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster: prod-eu
target:
  service: shop/production/api
name: api-availability
objective: 99.9
indicator:
  errors: sum(rate(http_requests_total{app="api", code=~"5.."}[{{.window}}]))
  total: sum(rate(http_requests_total{app="api"}[{{.window}}]))
alerts:
  page:
    alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
  ticket:
    alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
`;
const PAIRS = ['1h-5m', '6h-30m', '1d-2h', '3d-6h'];

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];
const git = (...args: string[]): string => gitSync(repo, ...args);

/** A run at HEAD that compares with `base` (the revision last applied), as a push run does. */
function runAt(base: string | null, prune = false): TestRun {
  const organizationId = '7f1b2c3d-0000-4000-8000-000000000001';
  const r = testRun(sandbox, { root: repo, git: createGitReader(repo), base, prune, organizationId });
  runs.push(r);
  return r;
}

function commit(message: string, edit: () => void): string {
  edit();
  git('add', '-A');
  git('commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD');
}

/** A run over an exported directory, with no history. */
function testRunAt(root: string) {
  const r = testRun(sandbox, { root, paths: ['.'], organizationId: '7f1b2c3d-0000-4000-8000-000000000001' });
  runs.push(r);
  return r.ctx;
}

const writes = () => sandbox.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const objectiveChanges = (report: RunReport) =>
  changesOfKind(report.plan!.changes, 'AlertRule')
    .filter((c) => c.objective !== undefined)
    .map((c) => [c.action, c.name, c.objective!.urgency, c.file, c.line]);
const errorsOf = (report: RunReport) => report.diagnostics.filter((d) => d.severity === 'error');

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'objective-'));
  cpSync(join(EXAMPLE_ROOT, 'alerting'), join(repo, 'alerting'), { recursive: true });
  git('init', '-q', '-b', 'main');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('a service level objective against the sandbox', () => {
  it('creates 4 rules, edits them in place, renames through rule_ids, deletes them with prune', async () => {
    const before = commit('base', () => {});
    await runApply(runAt(null).ctx);
    let base = commit('add an objective', () => writeFileSync(join(repo, FILE), OBJECTIVE));

    // Create: the plan shows four rules under their objective, with the generated PromQL in full.
    const planned = await runPlan(runAt(before).ctx);
    expect(errorsOf(planned)).toEqual([]);
    expect(objectiveChanges(planned)).toEqual([
      ['create', 'api-availability-1h-5m', 'page', FILE, 1],
      ['create', 'api-availability-6h-30m', 'page', FILE, 1],
      ['create', 'api-availability-1d-2h', 'ticket', FILE, 1],
      ['create', 'api-availability-3d-6h', 'ticket', FILE, 1],
    ]);
    // The JSON output's changes name the objective of a generated rule; a written rule's change has no such key.
    const json = toJsonOutput(planned, {}) as { changes: { name: string; objective?: unknown }[] };
    expect(json.changes.filter((c) => c.objective !== undefined)).toEqual(
      PAIRS.map((pair, i) =>
        expect.objectContaining({
          name: `api-availability-${pair}`,
          objective: { name: 'api-availability', pair, urgency: i < 2 ? 'page' : 'ticket' },
        }),
      ),
    );
    expect(json.changes.filter((c) => !c.name.startsWith('api-availability-')).length).toBeGreaterThan(0);
    const text = formatPlanText(planned.plan!, { color: false });
    if (process.env.SHOW_PLAN) console.log(text);
    expect(text).toContain(`  Service level objective api-availability  ${FILE}:1, its generated rules:`);
    expect(text).toContain('    + create api-availability-1h-5m');
    expect(text).toContain('        pages on a burn over 1h and 5m');
    expect(text).toContain(
      '((sum(rate(http_requests_total{app="api", code=~"5.."}[1h]))) / (sum(rate(http_requests_total{app="api"}[1h])))) > 0.0144 and',
    );
    sandbox.resetLog();
    const created = await runApply(runAt(before).ctx);
    expect(created.results.map((r) => [r.change.action, r.ok])).toEqual(PAIRS.map(() => ['create', true]));
    expect(writes().filter((w) => w.startsWith('POST'))).toHaveLength(4);
    const ids = new Map(created.results.map((r) => [r.change.name, r.id!]));

    // Drift: nothing differs right after apply.
    const drift = await runDrift(runAt(base).ctx, { remediate: false });
    expect(drift.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    expect(countChanges(drift.plan!).unchanged).toBeGreaterThanOrEqual(4);

    // Edit: 99.9 → 99.5 updates the four rules in place (0 creates, 0 deletes).
    let previous = base;
    base = commit('loosen the objective', () =>
      writeFileSync(join(repo, FILE), OBJECTIVE.replace('objective: 99.9', 'objective: 99.5')),
    );
    const edited = await runPlan(runAt(previous).ctx);
    expect(countChanges(edited.plan!)).toMatchObject({ create: 0, update: 4, delete: 0 });
    expect(edited.plan!.changes.filter((c) => c.action === 'update').map((c) => c.id)).toEqual(
      PAIRS.map((p) => ids.get(`api-availability-${p}`)),
    );
    sandbox.resetLog();
    await runApply(runAt(previous).ctx);
    expect(writes().map((w) => w.split(' ')[0])).toEqual(['PUT', 'PUT', 'PUT', 'PUT']);

    // Rename with rule_ids: four updates of the names, not deletes and creates.
    previous = base;
    const ruleIds = PAIRS.map((p) => `  ${p}: ${ids.get(`api-availability-${p}`)}`).join('\n');
    base = commit('rename the objective', () =>
      writeFileSync(
        join(repo, FILE),
        `${OBJECTIVE.replace('objective: 99.9', 'objective: 99.5').replace('name: api-availability', 'name: api-errors')}rule_ids:\n${ruleIds}\n`,
      ),
    );
    const renamed = await runPlan(runAt(previous, true).ctx);
    expect(countChanges(renamed.plan!)).toMatchObject({ create: 0, update: 4, delete: 0 });
    expect(renamed.plan!.changes.filter((c) => c.action === 'update').map((c) => c.name)).toEqual(
      PAIRS.map((p) => `api-errors-${p}`),
    );
    await runApply(runAt(previous, true).ctx);

    // Delete the document: kept without prune, four deletes with it.
    previous = base;
    base = commit('remove the objective', () => rmSync(join(repo, FILE)));
    const kept = await runPlan(runAt(previous).ctx);
    expect(countChanges(kept.plan!)).toMatchObject({ delete: 0 });
    expect(kept.diagnostics.filter((d) => d.code === 'plan.removed-not-pruned')).toHaveLength(4);
    const pruned = await runPlan(runAt(previous, true).ctx);
    expect(objectiveChanges(pruned)).toEqual(
      PAIRS.map((p, i) => ['delete', `api-errors-${p}`, i < 2 ? 'page' : 'ticket', FILE, 1]),
    );
    sandbox.resetLog();
    await runApply(runAt(previous, true).ctx);
    expect(writes().filter((w) => w.startsWith('DELETE'))).toHaveLength(4);
  });

  it('exports the objective back from its generated rules, and rules it cannot read back as rules', async () => {
    const applied = (() => {
      writeFileSync(
        join(repo, FILE),
        OBJECTIVE.replace('name: api-availability', 'description: the API answers\nname: api-availability'),
      );
      return commit('add an objective', () => {});
    })();
    expect(applied).toMatch(/^[0-9a-f]{40}$/);
    const created = await runApply(runAt(null).ctx);
    expect(errorsOf(created)).toEqual([]);
    const out = mkdtempSync(join(tmpdir(), 'objective-export-'));
    try {
      await runExport(runAt(null).ctx, { outDir: out });
      const files = readdirSync(out);
      expect(files.filter((f) => f.startsWith('api-availability'))).toEqual([]);
      const text = readFileSync(join(out, 'slo-api-availability.yaml'), 'utf8');
      const exported = parse(text.replace(/^#.*\n/, ''));
      expect(exported).toMatchObject({
        kind: 'ServiceLevelObjective',
        name: 'api-availability',
        description: 'the API answers',
        objective: 99.9,
        indicator: {
          errors: 'sum(rate(http_requests_total{app="api", code=~"5.."}[{{.window}}]))',
          total: 'sum(rate(http_requests_total{app="api"}[{{.window}}]))',
        },
        // The cluster, the target and the receivers by name, as a rule's export writes them.
        cluster: 'prod-eu',
        target: { service: 'shop/production/api' },
        alerts: {
          page: { alert_receivers: ['slack-oncall'], severity: 'CRITICAL' },
          ticket: { alert_receivers: ['slack-oncall'], severity: 'MEDIUM' },
        },
      });
      expect(exported.cluster_id).toBeUndefined();
      expect(exported.alerts.page.alert_receiver_ids).toBeUndefined();
      expect(text).not.toContain('# By id');
      expect(exported.burn_rates).toBeUndefined();
      expect(Object.keys(exported.rule_ids)).toEqual(PAIRS);
      // Written rules stay rules.
      expect(files).toContain('api-p99-latency.yaml');

      // The exported files planned against the same live state: no change.
      const replanned = await runPlan(testRunAt(out));
      expect(errorsOf(replanned)).toEqual([]);
      expect(replanned.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);

      // A generated rule edited outside git: the objective no longer gives it, so its rules stay rules.
      const id = created.results.find((r) => r.change.name === 'api-availability-6h-30m')!.id!;
      const client = runAt(null).ctx.service();
      const live = await client.getAlertRule(id);
      await client.editAlertRule(id, { ...live, severity: 'LOW' });
      const again = mkdtempSync(join(tmpdir(), 'objective-export-'));
      await runExport(runAt(null).ctx, { outDir: again });
      const after = readdirSync(again);
      expect(after).not.toContain('slo-api-availability.yaml');
      expect(after.filter((f) => f.startsWith('api-availability'))).toHaveLength(4);
      rmSync(again, { recursive: true, force: true });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
