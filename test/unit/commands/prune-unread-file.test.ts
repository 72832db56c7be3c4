/**
 * A file still in the repository never counts as removed: when its documents cannot all be read at the head
 * (a typo in `kind`, broken YAML, a document without its identity), what it declared at the base is held,
 * never deleted, and the file carries an error. Real git history, the sandbox over HTTP on 127.0.0.1.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import type { RunReport } from '../../../src/run/reports.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { ACME, EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

const FIVE_XX = 'a2a2a2a2-0000-4000-8000-000000000502';
const POD_RESTARTS = 'a2a2a2a2-0000-4000-8000-000000000503';
const FILE = 'alerting/api-5xx.yaml';

let sandbox: Sandbox;
let repo: string;
let document: string;
/** The commit every run compares with, unless it says otherwise: the documents as applied. */
let base: string;
const runs: TestRun[] = [];

const git = (...args: string[]): string => gitSync(repo, ...args);

async function runAt(over: Parameters<typeof testRun>[1] = {}): Promise<TestRun> {
  const reader = createGitReader(repo);
  const r = testRun(sandbox, { root: repo, git: reader, base, ...over });
  runs.push(r);
  return r;
}

/** Rewrites the one-document file of api-5xx-ratio and commits it. */
function commitFile(edit: (text: string) => string, file = FILE): void {
  writeFileSync(join(repo, file), edit(readFileSync(join(repo, file), 'utf8')));
  git('commit', '-q', '-am', `edit ${file}`);
}

const deletes = () => sandbox.requests.filter((r) => r.method === 'DELETE');
const errorsOf = (report: RunReport) =>
  report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.line, d.code]);
const held = (report: RunReport) =>
  report.diagnostics
    .filter((d) => d.code === 'plan.removed-held')
    .map((d) => [d.severity, d.file, d.message]);

/** Plans and applies with prune: neither deletes the rule, both say why; the run fails on the file's error. */
async function expectHeld(errors: unknown[]): Promise<void> {
  const plan = await runPlan((await runAt({ prune: true })).ctx);
  expect(plan.plan?.changes.filter((c) => c.action === 'delete') ?? []).toEqual([]);
  expect(errorsOf(plan)).toEqual(errors);
  expect(held(plan)).toEqual([
    [
      'warning',
      FILE,
      `Alert rule "api-5xx-ratio" (${FIVE_XX}) is not deleted: ${FILE} declared it at the base revision and is ` +
        `still in the repository, but its documents could not all be read (see the errors in ${FILE}). A file ` +
        'that is still there removes nothing: fix it, or delete the file to delete the rule.',
    ],
  ]);
  expect(plan.diagnostics.map((d) => d.code)).not.toContain('plan.removed-not-pruned');
  // Still managed by the file that could not be read: not listed as a rule no document manages.
  expect(plan.plan!.unmanaged.map((r) => r.id)).not.toContain(FIVE_XX);
  sandbox.resetLog();
  const apply = await runApply((await runAt({ prune: true })).ctx);
  expect(errorsOf(apply)).toEqual(errors);
  expect(deletes()).toEqual([]);
  expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'prune-unread-'));
  cpSync(join(EXAMPLE_ROOT, 'alerting'), join(repo, 'alerting'), { recursive: true });
  // api-5xx-ratio in a file of its own, as the base.
  const api = readFileSync(join(repo, 'alerting/api.yaml'), 'utf8').split(/^---\n/m);
  document = api.find((d) => d.includes(FIVE_XX))!;
  writeFileSync(join(repo, 'alerting/api.yaml'), api.filter((d) => d !== document).join('---\n'));
  writeFileSync(join(repo, FILE), document);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  base = git('rev-parse', 'HEAD');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('prune of a file still in the repository', () => {
  it('`Kind: AlertRule`: an error at the key, the rule held, no DELETE', async () => {
    commitFile((t) => t.replace('kind: AlertRule', 'Kind: AlertRule'));
    await expectHeld([[FILE, 1, 'document.kind-missing']]);
    const plan = await runPlan((await runAt({ prune: true })).ctx);
    expect(plan.diagnostics.find((d) => d.code === 'document.kind-missing')?.message).toBe(
      '`Kind` is not `kind` (field names are case-sensitive); write `kind:` in lower case, one of AlertRule, AlertReceiver, PlatformComponent, ServiceLevelObjective'.replace(
        /^/,
        'missing `kind`: ',
      ),
    );
  });

  it('`KIND: AlertRule` and `kind: ""`: errors on the file, the rule held', async () => {
    commitFile((t) => t.replace('kind: AlertRule', 'KIND: AlertRule'));
    await expectHeld([[FILE, 1, 'document.kind-missing']]);
    commitFile((t) => t.replace('KIND: AlertRule', 'kind: ""'));
    await expectHeld([[FILE, 1, 'document.kind-unknown']]);
  });

  it('a misspelt kind (`AlertRul`): the rule held', async () => {
    commitFile((t) => t.replace('kind: AlertRule', 'kind: AlertRul'));
    await expectHeld([[FILE, 1, 'document.kind-unknown']]);
  });

  it('a kind line deleted, or the file turned into someone else’s document: read because it held the rule at the base', async () => {
    commitFile((t) => t.replace('kind: AlertRule\n', ''));
    await expectHeld([[FILE, 1, 'document.kind-missing']]);
    commitFile(() => 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
    await expectHeld([[FILE, 2, 'document.kind-unknown']]);
  });

  it('a file that fails to parse as YAML: the rule held', async () => {
    commitFile((t) => t.replace('severity: CRITICAL', 'severity: [CRITICAL'));
    const plan = await runPlan((await runAt({ prune: true })).ctx);
    expect(errorsOf(plan).map(([file, , code]) => [file, code])).toContainEqual([FILE, 'yaml.syntax']);
    expect(plan.plan?.changes.filter((c) => c.action === 'delete') ?? []).toEqual([]);
    expect(held(plan)).toHaveLength(1);
    sandbox.resetLog();
    await runApply((await runAt({ prune: true })).ctx);
    expect(deletes()).toEqual([]);
  });

  it('a document whose identity cannot be read (an invalid id, no name): the rule held', async () => {
    commitFile((t) => t.replace(`id: ${FIVE_XX}`, 'id: not-a-uuid'));
    const plan = await runPlan((await runAt({ prune: true })).ctx);
    expect(errorsOf(plan)).toEqual([[FILE, 2, 'schema.format']]);
    expect(held(plan)).toHaveLength(1);
    commitFile((t) => t.replace('id: not-a-uuid\n', '').replace('name: api-5xx-ratio\n', ''));
    const second = await runPlan((await runAt({ prune: true })).ctx);
    expect(errorsOf(second).map(([file, , code]) => [file, code])).toEqual([[FILE, 'schema.required']]);
    expect(held(second)).toHaveLength(1);
    sandbox.resetLog();
    await runApply((await runAt({ prune: true })).ctx);
    expect(deletes()).toEqual([]);
  });

  it('a document whose cluster name no longer resolves: the rule held, not deleted', async () => {
    commitFile((t) => t.replace(`id: ${FIVE_XX}\n`, '').replace('cluster: prod-eu', 'cluster: prod-eux'));
    const plan = await runPlan((await runAt({ prune: true })).ctx);
    expect(errorsOf(plan).map(([file]) => file)).toContain(FILE);
    expect(plan.plan!.changes.filter((c) => c.action === 'delete')).toEqual([]);
    expect(held(plan)).toHaveLength(1);
  });

  it('without prune: held too, never "document removed"', async () => {
    commitFile((t) => t.replace('kind: AlertRule', 'Kind: AlertRule'));
    const plan = await runPlan((await runAt()).ctx);
    expect(held(plan)).toHaveLength(1);
    expect(plan.diagnostics.map((d) => d.code)).not.toContain('plan.removed-not-pruned');
  });

  it('a file the run ignores is ignored at the base too: its rule is left alone, not deleted', async () => {
    commitFile((t) => `${t}# now ignored\n`);
    for (const ignore of [[FILE], ['alerting/*-5xx.yaml'], ['alerting']]) {
      const plan = await runPlan((await runAt({ prune: true, ignore, paths: ['.'] })).ctx);
      expect(plan.plan?.changes.filter((c) => c.action === 'delete') ?? [], ignore.join()).toEqual([]);
      sandbox.resetLog();
      await runApply((await runAt({ prune: true, ignore, paths: ['.'] })).ctx);
      expect(deletes()).toEqual([]);
    }
    const plan = await runPlan((await runAt({ prune: true, ignore: [FILE] })).ctx);
    expect(plan.plan!.unmanaged.map((r) => r.id)).toContain(FIVE_XX);
  });

  it('the file deleted for real: still deleted with prune', async () => {
    git('rm', '-q', FILE);
    git('commit', '-q', '-m', 'remove api-5xx-ratio');
    const report = await runApply((await runAt({ prune: true })).ctx);
    expect(errorsOf(report)).toEqual([]);
    expect(deletes().map((r) => r.path)).toEqual([`/alert-rules/${FIVE_XX}`]);
  });

  it('the document removed from a file whose other document is valid: still deleted with prune', async () => {
    // api-pod-restarts moves into the file beside api-5xx-ratio; then api-5xx-ratio is removed from it.
    const api = readFileSync(join(repo, 'alerting/api.yaml'), 'utf8').split(/^---\n/m);
    const restarts = api.find((d) => d.includes(POD_RESTARTS))!;
    writeFileSync(join(repo, 'alerting/api.yaml'), api.filter((d) => d !== restarts).join('---\n'));
    writeFileSync(join(repo, FILE), `${document}---\n${restarts}`);
    git('commit', '-q', '-am', 'two documents');
    base = git('rev-parse', 'HEAD');
    commitFile(() => restarts);
    const plan = await runPlan((await runAt({ prune: true })).ctx);
    expect(errorsOf(plan)).toEqual([]);
    expect(plan.plan!.changes.filter((c) => c.action === 'delete').map((c) => c.id)).toEqual([FIVE_XX]);
    expect(held(plan)).toEqual([]);
  });
});

describe('prune of a receiver whose file is still in the repository', () => {
  const RECEIVER = [
    'kind: AlertReceiver',
    `organization_id: ${ACME}`,
    'name: slack-low-priority',
    'type: SLACK',
    'description: Non-urgent alerts in #platform-alerts',
    'webhook_url: {valueFrom: {env: LOW_WEBHOOK_URL}}',
    '',
  ].join('\n');

  it('`Kind: AlertReceiver`: an error on the file, the receiver held, nothing written', async () => {
    writeFileSync(join(repo, 'alerting/receiver.yaml'), RECEIVER);
    git('add', '-A');
    git('commit', '-q', '-m', 'receiver');
    base = git('rev-parse', 'HEAD');
    commitFile((t) => t.replace('kind: AlertReceiver', 'Kind: AlertReceiver'), 'alerting/receiver.yaml');
    const env = { LOW_WEBHOOK_URL: 'https://hooks.slack.example/low' };
    const plan = await runPlan((await runAt({ prune: true, env })).ctx);
    expect(errorsOf(plan)).toEqual([['alerting/receiver.yaml', 1, 'document.kind-missing']]);
    expect(changesOfKind(plan.plan?.changes ?? [], 'AlertReceiver')).toEqual([]);
    expect(plan.plan?.unmanaged.map((r) => r.name)).not.toContain('slack-low-priority');
    expect(held(plan).map(([, file, message]) => [file, (message as string).slice(0, 60)])).toEqual([
      ['alerting/receiver.yaml', 'Alert receiver "slack-low-priority" (5e1ec7ed-0000-4000-8000'],
    ]);
    sandbox.resetLog();
    await runApply((await runAt({ prune: true, env })).ctx);
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
