/** Prune and outside-edit detection read the base revision from a real temporary git repository. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwroteOutsideEdit } from '../../../src/apply/types.js';
import { runApply } from '../../../src/commands/apply.js';
import { runPlan } from '../../../src/commands/plan.js';
import type { ReviewGate } from '../../../src/evidence/review-gate.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

const P99 = 'a2a2a2a2-0000-4000-8000-000000000501';
const FIVE_XX = 'a2a2a2a2-0000-4000-8000-000000000502';
const POD_RESTARTS = 'a2a2a2a2-0000-4000-8000-000000000503';

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

/** git in the temporary repository, with the fixed author of the test helpers. */
const git = (...args: string[]): string => gitSync(repo, ...args);

/** A run over the temporary repository, comparing HEAD with its parent as a push would. */
async function runAt(over: Parameters<typeof testRun>[1] = {}): Promise<TestRun> {
  const reader = createGitReader(repo);
  const r = testRun(sandbox, { root: repo, git: reader, base: await reader.parentOf('HEAD'), ...over });
  runs.push(r);
  return r;
}

/** Splits a multi-document file and keeps the documents whose text contains `keep`. */
function keepDocuments(path: string, keep: (doc: string) => boolean): void {
  const text = readFileSync(path, 'utf8');
  writeFileSync(
    path,
    text
      .split(/^---\n/m)
      .filter(keep)
      .join('---\n'),
  );
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'history-'));
  cpSync(join(EXAMPLE_ROOT, 'alerting'), join(repo, 'alerting'), { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('prune', () => {
  it('deletes only the rules whose documents the change removed, and only when asked', async () => {
    keepDocuments(join(repo, 'alerting/api.yaml'), (doc) => !doc.includes(POD_RESTARTS));
    git('commit', '-q', '-am', 'remove api-pod-restarts');

    const withoutPrune = await runPlan((await runAt()).ctx);
    expect(withoutPrune.plan!.changes.filter((c) => c.action === 'delete')).toEqual([]);
    expect(withoutPrune.diagnostics.map((d) => d.code)).toContain('plan.removed-not-pruned');

    const report = await runApply((await runAt({ prune: true })).ctx);
    const deletes = sandbox.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual([`/alert-rules/${POD_RESTARTS}`]);
    expect(report.results.find((r) => r.change.action === 'delete')).toMatchObject({
      id: POD_RESTARTS,
      ok: true,
      change: { file: 'alerting/api.yaml' },
    });
    // Rules that git never managed (worker-heartbeat-missing, staging-eu-cpu-saturation) are untouched.
    expect(report.plan!.unmanaged.map((r) => r.name).sort()).toEqual([
      'staging-eu-cpu-saturation',
      'worker-heartbeat-missing',
    ]);
  });

  it('a base that cannot be read stops the run before any request, saying how to fix it', async () => {
    keepDocuments(join(repo, 'alerting/api.yaml'), (doc) => !doc.includes(POD_RESTARTS));
    git('commit', '-q', '-am', 'remove');
    const run = await runAt({ prune: true, base: '0'.repeat(40) });
    const report = await runPlan(run.ctx);
    expect(report.plan).toBeNull();
    expect(report.requests.total).toBe(0);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.message])).toEqual([
      [
        'history.base-unreadable',
        `revision ${'0'.repeat(40)} cannot be read: it is not in this clone (a shallow clone?). Fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow), or pass a --base that exists`,
      ],
    ]);
  });

  it('prune without a base is an error before any request', async () => {
    const report = await runPlan((await runAt({ prune: true, base: null })).ctx);
    expect(report.requests.total).toBe(0);
    expect(report.diagnostics.map((d) => d.code)).toContain('history.prune-without-base');
  });

  it("the action's pull-request plan falls back to every component, with one warning", async () => {
    const run = await runAt({ base: 'nosuchrev' });
    const report = await runPlan({ ...run.ctx, baseFallback: true });
    const history = report.diagnostics.filter((d) => d.code.startsWith('history.'));
    expect(history.map((d) => [d.severity, d.message])).toEqual([
      [
        'warning',
        'revision nosuchrev cannot be read: it is not in this clone (a shallow clone?); every component is resolved instead. To compare with the base, fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)',
      ],
    ]);
    expect(report.plan).not.toBeNull();
  });
});

describe('outside edits', () => {
  it('says that applying overwrites a rule edited outside git since the parent revision', async () => {
    // Someone raises the p99 threshold in the console; then a commit changes the rule's severity.
    const client = (await runAt()).ctx.service();
    const live = await client.getAlertRule(P99);
    await client.editAlertRule(P99, { ...live, condition: { ...live.condition, threshold: 0.9 } });
    const api = join(repo, 'alerting/api.yaml');
    writeFileSync(
      api,
      readFileSync(api, 'utf8')
        .replace('severity: HIGH\n', 'severity: CRITICAL\n')
        .replace('description: API containers restarting repeatedly', 'description: API containers restart'),
    );
    git('commit', '-q', '-am', 'p99 is critical');

    const report = await runApply((await runAt()).ctx);
    const p99 = report.results.find((r) => r.id === P99);
    expect(p99 && overwroteOutsideEdit(p99)).toEqual([
      { path: 'condition.threshold', before: 0.5, after: 0.9 },
    ]);
    expect(report.plan!.changes.find((c) => c.id === P99)?.diff).toEqual([
      { path: 'condition.threshold', before: 0.9, after: 0.5 },
      { path: 'severity', before: 'HIGH', after: 'CRITICAL' },
    ]);
    // Changed in git only: live still says what the parent revision declared.
    expect(report.results.find((r) => r.id === POD_RESTARTS)).toMatchObject({ ok: true, converged: true });
    expect(overwroteOutsideEdit(report.results.find((r) => r.id === POD_RESTARTS)!)).toEqual([]);
    // Never changed in git, but live differs from the parent revision: the console edit is overwritten too.
    expect(overwroteOutsideEdit(report.results.find((r) => r.id === FIVE_XX)!)).toEqual([
      { path: 'condition.threshold', before: 0.02, after: 0.05 },
    ]);
  });

  it('a refused apply whose base was not applied claims no outside edit, and says why in one notice', async () => {
    // The same console edit; the push also adds an invalid document, so its apply writes nothing.
    const client = (await runAt()).ctx.service();
    const live = await client.getAlertRule(P99);
    await client.editAlertRule(P99, { ...live, condition: { ...live.condition, threshold: 0.9 } });
    const api = join(repo, 'alerting/api.yaml');
    writeFileSync(api, readFileSync(api, 'utf8').replace('severity: HIGH\n', 'severity: CRITICAL\n'));
    writeFileSync(join(repo, 'alerting/broken.yaml'), 'kind: AlertRule\nname: broken\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'p99 is critical, and a broken rule');
    const base = git('rev-parse', 'HEAD~1');
    const gate: ReviewGate = {
      review: { why: 'a direct push' },
      onUnreviewed: 'warn',
      baseApplied: {
        applied: false,
        commit: base,
        concluded: true,
        why: 'the apply of the base did not succeed',
      },
    };

    const report = await runApply((await runAt()).ctx, gate);
    expect(report.skipped.join('\n')).toMatch(/nothing was written/);
    expect(report.results).toEqual([]);
    const updates = changesOfKind(report.plan!.changes, 'AlertRule').filter((c) => c.action === 'update');
    expect(updates.map((c) => c.id)).toEqual(expect.arrayContaining([P99, FIVE_XX]));
    expect(updates.filter((c) => c.outsideEdit !== undefined)).toEqual([]);
    expect(report.diagnostics.filter((d) => d.code === 'plan.outside-edits-unknown')).toEqual([
      expect.objectContaining({
        severity: 'notice',
        message: expect.stringMatching(
          /not reported as an outside edit, because the apply of the base did not succeed/,
        ),
      }),
    ]);
    expect(report.baseApplied).toBe(gate.baseApplied);
  });
});
