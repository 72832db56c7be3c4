/**
 * The receivers' entries of a saved plan, tampered after `plan --out`: whatever field was changed (the id
 * included), `apply --plan` refuses the file whole before any write and names the change as the documents
 * give it. A real git repository (its last commit removed a receiver's document, so that the plan, made
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
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { receiverDocument as receiver } from '../../helpers/receivers.js';
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
  pager = first.plan!.receivers![0]!.result!.id!;
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
  expect(file.receivers.map((r: SavedReceiver) => [r.action, r.name])).toEqual([
    ['update', 'slack-oncall'],
    ['create', 'new-pager'],
    ['delete', 'pager'],
  ]);
  edit(file.receivers);
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
    `change 1 of the file's receivers, the update of alert receiver "slack-oncall" (${SLACK_ONCALL}), is not the ` +
      `one the documents give: \`id\` is "${SLACK_LOW}" in the file, the documents give "${SLACK_ONCALL}"`,
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
    'a fingerprint of an update',
    (r) => {
      byAction(r, 'update').against = { name: '0'.repeat(16) };
    },
    'alert receiver "slack-oncall" changed since the plan was made',
  ],
  [
    'a delete dropped',
    (r) => {
      r.splice(2, 1);
    },
    'the documents give the delete of alert receiver "pager" ({pager}), which the file does not hold',
  ],
  [
    'a delete added',
    (r) => {
      r.push({ ...byAction(r, 'delete'), id: SLACK_LOW, name: 'slack-low-priority' });
    },
    `the file's delete of alert receiver "slack-low-priority" (${SLACK_LOW}) is not given by the documents`,
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
