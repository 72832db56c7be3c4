/**
 * The receivers' changes of a saved plan (in its one list of changes), tampered after `plan --out`:
 * whatever field was changed (the id included), `apply --plan` refuses the file whole before any write and
 * names the change as the documents give it, as it does a rule's. A change whose fingerprint differs from
 * the live receiver's is set aside alone (`apply.changed-since-plan`), as a rule's is, and the others are
 * written. A real git repository (its last commit removed a receiver's document, so that the plan, made
 * with prune, holds a receiver delete beside an update and a create) and the sandbox over HTTP on
 * 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { pagingRuleDocument, receiverDocument as receiver } from '../../helpers/receivers.js';
import { callSandbox } from '../../helpers/sandbox.js';
import { ACME, type TestRun, testRun } from './run-context.js';

const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const SLACK_LOW = '5e1ec7ed-0000-4000-8000-000000000203';
const ENV = { PAGER_WEBHOOK_URL: 'https://hooks.slack.example/services/T000/B000/tamper-7d1e' };

let sandbox: Sandbox;
let repo: string;
let pager: string;
const runs: TestRun[] = [];

const git = (...args: string[]): string => gitSync(repo, ...args);

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

async function runIn(over: Parameters<typeof testRun>[1] = {}): Promise<TestRun> {
  const reader = createGitReader(repo);
  const r = testRun(sandbox, {
    root: repo,
    paths: ['.'],
    env: ENV,
    git: reader,
    base: await reader.parentOf('HEAD'),
    prune: true,
    ...over,
  });
  runs.push(r);
  return r;
}

const writes = () => sandbox.requests.filter((r) => r.method !== 'GET');

interface SavedReceiver {
  action: string;
  id?: string;
  name: string;
  [field: string]: unknown;
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'receivers-tamper-'));
  git('init', '-q', '-b', 'main');
  // The base: a receiver "pager", applied.
  write('alerting/pager.yaml', receiver('pager'));
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const first = await runApply((await runIn({ base: null, prune: false })).ctx);
  pager = changesOfKind(first.plan!.changes, 'AlertReceiver')[0]!.result!.id!;
  // The head: pager's document removed, slack-oncall changed, new-pager added.
  unlinkSync(join(repo, 'alerting/pager.yaml'));
  write(
    'alerting/receivers.yaml',
    `${receiver('slack-oncall', 'send_resolved: false')}\n---\n${receiver('new-pager')}\n`,
  );
  git('add', '-A');
  git('commit', '-q', '-m', 'receivers');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

/** `plan --out` with prune, the file tampered by `edit`, then `apply --plan`: the report and the writes. */
async function applyTampered(edit: (receivers: SavedReceiver[]) => void) {
  const out = join(repo, 'plan.json');
  const planned = await runPlan((await runIn()).ctx, { out });
  expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const file = JSON.parse(readFileSync(out, 'utf8'));
  expect(file).not.toHaveProperty('receivers');
  expect(file.changes.map((r: SavedReceiver) => [r.kind, r.action, r.name])).toEqual([
    ['AlertReceiver', 'update', 'slack-oncall'],
    ['AlertReceiver', 'create', 'new-pager'],
    ['AlertReceiver', 'delete', 'pager'],
  ]);
  edit(file.changes);
  writeFileSync(out, JSON.stringify(file));
  sandbox.resetLog();
  const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
  return { report, writes: writes() };
}

const byAction = (receivers: SavedReceiver[], action: string) => receivers.find((r) => r.action === action)!;

const TAMPERINGS: readonly [string, (receivers: SavedReceiver[]) => void, string][] = [
  [
    'id of an update pointed at another receiver',
    (r) => {
      byAction(r, 'update').id = SLACK_LOW;
    },
    `change 1 of the file, the update of alert receiver "slack-oncall" (${SLACK_ONCALL}) (alerting/receivers.yaml:1): ` +
      `\`id\` is "${SLACK_LOW}" in the file, the documents give "${SLACK_ONCALL}"`,
  ],
  [
    'id of a delete pointed at another receiver',
    (r) => {
      byAction(r, 'delete').id = SLACK_LOW;
    },
    `\`id\` is "${SLACK_LOW}" in the file, the documents give "{pager}"`,
  ],
  [
    'name of an update',
    (r) => {
      byAction(r, 'update').name = 'slack-everyone';
    },
    '`name` is "slack-everyone" in the file, the documents give "slack-oncall"',
  ],
  [
    'organization of a create',
    (r) => {
      byAction(r, 'create').organizationId = '7f1b2c3d-0000-4000-8000-000000000002';
    },
    `\`organizationId\` is "7f1b2c3d-0000-4000-8000-000000000002" in the file, the documents give "${ACME}"`,
  ],
  [
    'type of an update',
    (r) => {
      byAction(r, 'update').type = 'EMAIL';
    },
    '`type` is "EMAIL" in the file, the documents give "SLACK"',
  ],
  [
    'a request field of an update',
    (r) => {
      (byAction(r, 'update').request as Record<string, unknown>).send_resolved = true;
    },
    '`request.send_resolved` is true in the file, the documents give false',
  ],
  [
    "the variable a create's secret is read from",
    (r) => {
      (byAction(r, 'create').secrets as { env: string }[])[0]!.env = 'HOME';
    },
    '`secrets[0].env` is "HOME" in the file, the documents give "PAGER_WEBHOOK_URL"',
  ],
  [
    'line of a delete',
    (r) => {
      byAction(r, 'delete').line = 7;
    },
    '`line` is 7 in the file, the documents give 1',
  ],
  [
    'file of an update',
    (r) => {
      byAction(r, 'update').file = 'alerting/pager.yaml';
    },
    '`file` is "alerting/pager.yaml" in the file, the documents give "alerting/receivers.yaml"',
  ],
  [
    'a delete dropped',
    (r) => {
      r.splice(2, 1);
    },
    'the documents give the delete of alert receiver "pager" ({pager}) (alerting/pager.yaml:1), which the file ' +
      'does not hold (a change taken out of the file, or an alert receiver changed in the service since the plan)',
  ],
  [
    'a delete added',
    (r) => {
      r.push({ ...byAction(r, 'delete'), id: SLACK_LOW, name: 'slack-low-priority' });
    },
    `change 4 of the file, the delete of alert receiver "slack-low-priority" (${SLACK_LOW}): the documents give no such change`,
  ],
];

describe('apply --plan of a file whose receivers were tampered', () => {
  it.each(TAMPERINGS)('%s: refused whole, nothing written', async (_name, edit, says) => {
    const { report, writes } = await applyTampered(edit);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['apply.plan-differs']);
    expect(errors[0]!.message).toContain(says.replaceAll('{pager}', pager));
    expect(writes).toEqual([]);
    expect(report.skipped).toEqual(['nothing was written: the plan file was refused']);
    expect(exitCodeFor(report)).toBe(1);
  });

  // A receiver that moved since the plan used to refuse the file whole; it is set aside alone, as a rule is.
  it('a fingerprint of an update: that change alone is set aside as changed since the plan, the others are written', async () => {
    const { report, writes } = await applyTampered((r) => {
      byAction(r, 'update').against = { name: '0'.repeat(16) };
    });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file, d.line])).toEqual([
      ['apply.changed-since-plan', 'alerting/receivers.yaml', 1],
    ]);
    expect(errors[0]!.message).toBe(
      `Not written: the update of alert receiver "slack-oncall" (${SLACK_ONCALL}) is changed since the plan ` +
        '(fields `name`, `description`, `type`, `send_resolved`, `owner`, `severity` changed in the service since it was planned). ' +
        'Plan again to review the live alert receiver as it is now.',
    );
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      'POST /alert-receivers',
      `DELETE /alert-receivers/${pager}`,
    ]);
    const update = report.plan!.changes.find((c) => c.kind === 'AlertReceiver' && c.action === 'update')!;
    expect(update.gate).toEqual({ admitted: false, reason: 'changed since the saved plan' });
    expect(report.skipped).toEqual(['1 of 3 changes was not written: see the errors']);
    expect(exitCodeFor(report)).toBe(1);
  });

  it('a fingerprint of an update, with --strict: nothing is written', async () => {
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    const file = JSON.parse(readFileSync(out, 'utf8'));
    byAction(file.changes, 'update').against = { name: '0'.repeat(16) };
    writeFileSync(out, JSON.stringify(file));
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: true });
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'apply.changed-since-plan',
    ]);
    expect(writes()).toEqual([]);
    expect(report.skipped).toEqual(['nothing was written (--strict): 1 of 3 changes was refused']);
  });

  it('a receiver edited in the console since the plan: its change set aside, naming the field, the others written', async () => {
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    const live = (await callSandbox(sandbox, 'GET', `/alert-receivers/${SLACK_ONCALL}`)).body as object;
    const edited = await callSandbox(sandbox, 'PUT', `/alert-receivers/${SLACK_ONCALL}`, {
      body: { ...live, description: 'edited in the console', webhook_url: null },
    });
    expect(edited.status).toBe(200);
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['apply.changed-since-plan']);
    expect(errors[0]!.message).toContain(
      `the update of alert receiver "slack-oncall" (${SLACK_ONCALL}) is changed since the plan (fields \`description\` changed`,
    );
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      'POST /alert-receivers',
      `DELETE /alert-receivers/${pager}`,
    ]);
  });

  /** Creates a receiver named `name` in the service, as someone would in the console. */
  async function createLive(name: string): Promise<string> {
    const created = await callSandbox(sandbox, 'POST', '/alert-receivers', {
      body: {
        organization_id: ACME,
        name,
        description: 'made in the console',
        type: 'SLACK',
        send_resolved: true,
        webhook_url: ENV.PAGER_WEBHOOK_URL,
      },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  it('a create whose receiver appeared since the plan: that change alone is set aside, the others are written', async () => {
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    const appeared = await createLive('new-pager');
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line])).toEqual([['apply.changed-since-plan', 9]]);
    expect(errors[0]!.message).toContain(
      `the create of alert receiver "new-pager" is changed since the plan (an alert receiver named "new-pager" now exists (${appeared})`,
    );
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /alert-receivers/${SLACK_ONCALL}`,
      `DELETE /alert-receivers/${pager}`,
    ]);
  });

  it('a create whose receiver appeared, paged by a rule of the plan: the rule made again pages it by its id, and the file is refused whole', async () => {
    write('alerting/rules.yaml', pagingRuleDocument('load-high', 'new-pager'));
    git('add', '-A');
    git('commit', '-q', '--amend', '-m', 'receivers and a rule paging new-pager');
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    // The file's rule awaits new-pager, created by the same apply: its request holds no id for it.
    const saved = JSON.parse(readFileSync(out, 'utf8')).changes.find(
      (c: SavedReceiver) => c.kind === 'AlertRule',
    );
    expect(saved).toMatchObject({
      request: { alert_receiver_ids: [] },
      awaits: [{ kind: 'AlertReceiver', organizationId: ACME, name: 'new-pager' }],
    });
    const appeared = await createLive('new-pager');
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file])).toEqual([['apply.plan-differs', 'alerting/rules.yaml']]);
    expect(errors[0]!.message).toContain(
      `\`request.alert_receiver_ids\` is [] in the file, the documents give ["${appeared}"]`,
    );
    expect(writes()).toEqual([]);
  });

  it('the file as written applies: the update, the create and the delete', async () => {
    const { report, writes } = await applyTampered(() => {});
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /alert-receivers/${SLACK_ONCALL}`,
      'POST /alert-receivers',
      `DELETE /alert-receivers/${pager}`,
    ]);
  });
});
