/**
 * A rule that pages a receiver the same apply creates awaits it by a typed reference (kind, organization,
 * name), in its change and in the saved plan: its request holds real ids only, the request sent to the
 * service holds the id the create returned, and a file whose reference was edited is refused whole. The
 * sandbox over HTTP on 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runPlan } from '../../../src/commands/plan.js';
import { changesOfKind } from '../../../src/model/types.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { receiverDocument as receiver, pagingRuleDocument as rule } from '../../helpers/receivers.js';
import { callSandbox } from '../../helpers/sandbox.js';
import { ACME, type TestRun, testRun } from './run-context.js';

const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const ENV = { PAGER_WEBHOOK_URL: 'https://hooks.slack.example/services/T000/B000/awaits-5b8e' };
const PAGER = { kind: 'AlertReceiver', organizationId: ACME, name: 'pager' };

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

function runIn(over: Parameters<typeof testRun>[1] = {}): TestRun {
  const r = testRun(sandbox, { root: repo, paths: ['.'], env: ENV, ...over });
  runs.push(r);
  return r;
}

/** The receiver ids of every rule written, and the ids of the receivers the service holds now. */
async function receiverIdsSent(): Promise<{ sent: string[][]; live: string[] }> {
  const sent = sandbox.requests
    .filter((r) => r.method !== 'GET' && r.path.startsWith('/alert-rules'))
    .map((r) => (r.body as { alert_receiver_ids: string[] }).alert_receiver_ids);
  const listed = await callSandbox(sandbox, 'GET', `/organization/${ACME}/alert-receivers`);
  const live = (listed.body as { results: { id: string }[] }).results.map((r) => r.id);
  return { sent, live };
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'awaited-receivers-'));
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('a rule paging a receiver the same apply creates', () => {
  it('is saved awaiting it by reference, and the request sent holds only real ids: the one the create returned', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall, pager'));
    const out = join(repo, 'plan.json');
    const planned = await runPlan(runIn().ctx, { out });
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [change] = changesOfKind(planned.plan!.changes, 'AlertRule');
    expect(change).toMatchObject({
      action: 'create',
      request: { alert_receiver_ids: [SLACK_ONCALL] },
      awaits: [PAGER],
      references: {
        receivers: [
          { id: SLACK_ONCALL, name: 'slack-oncall' },
          { id: null, name: 'pager' },
        ],
      },
    });
    const saved = JSON.parse(readFileSync(out, 'utf8')).changes[1];
    expect(saved).toMatchObject({ kind: 'AlertRule', request: { alert_receiver_ids: [SLACK_ONCALL] } });
    expect(saved.awaits).toEqual([PAGER]);

    sandbox.resetLog();
    const applied = await runApplyPlan(runIn().ctx, { planFile: out, strict: false });
    expect(applied.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const created = changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result!.id!;
    const { sent, live } = await receiverIdsSent();
    expect(sent).toEqual([[SLACK_ONCALL, created]]);
    for (const id of sent.flat()) expect(live).toContain(id);
  });

  it('makes an update of a rule whose only change is paging it, sent with the id the create returned', async () => {
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall'));
    expect(exitCodeFor(await runApply(runIn().ctx))).toBe(0);
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall, pager'));

    const planned = await runPlan(runIn().ctx);
    const [change] = changesOfKind(planned.plan!.changes, 'AlertRule');
    // The ids alone are the live rule's: the receiver to create is what makes it an update.
    expect(change).toMatchObject({
      action: 'update',
      request: { alert_receiver_ids: [SLACK_ONCALL] },
      awaits: [PAGER],
      diff: [{ path: 'alert_receiver_ids', before: [SLACK_ONCALL], after: [SLACK_ONCALL, PAGER] }],
    });
    expect(formatPlanText(planned.plan!, { color: false })).toContain(
      `alert_receivers: + pager (created by this apply); unchanged: slack-oncall (${SLACK_ONCALL})`,
    );

    sandbox.resetLog();
    const applied = await runApply(runIn().ctx);
    expect(applied.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const created = changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result!.id!;
    const { sent, live } = await receiverIdsSent();
    expect(sent).toEqual([[SLACK_ONCALL, created]]);
    for (const id of sent.flat()) expect(live).toContain(id);
    // Applied: the next plan has nothing to do.
    const again = await runPlan(runIn().ctx);
    expect(again.plan!.changes.map((c) => c.action)).toEqual(['noop', 'noop']);
  });
});

describe('apply --plan of a file whose awaited receiver was edited', () => {
  it.each([
    [
      'its name',
      (awaits: Record<string, unknown>[]) => {
        awaits[0]!.name = 'slack-oncall';
      },
      '`awaits[0].name` is "slack-oncall" in the file, the documents give "pager"',
    ],
    [
      'its organization',
      (awaits: Record<string, unknown>[]) => {
        awaits[0]!.organizationId = '7f1b2c3d-0000-4000-8000-000000000002';
      },
      `\`awaits[0].organizationId\` is "7f1b2c3d-0000-4000-8000-000000000002" in the file, the documents give "${ACME}"`,
    ],
    [
      'a second one added',
      (awaits: Record<string, unknown>[]) => {
        awaits.push({ ...awaits[0], name: 'pager-2' });
      },
      '`awaits` is [{"kind":"AlertReceiver",',
    ],
  ])('%s: refused whole, nothing written', async (_what, edit, says) => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    const out = join(repo, 'plan.json');
    await runPlan(runIn().ctx, { out });
    const file = JSON.parse(readFileSync(out, 'utf8'));
    edit(file.changes[1].awaits);
    writeFileSync(out, JSON.stringify(file));
    sandbox.resetLog();

    const report = await runApplyPlan(runIn().ctx, { planFile: out, strict: false });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file])).toEqual([['apply.plan-differs', 'alerting/rules.yaml']]);
    expect(errors[0]!.message).toContain(says);
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it('taken out, the request left as it was: refused whole, nothing written', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    const out = join(repo, 'plan.json');
    await runPlan(runIn().ctx, { out });
    const file = JSON.parse(readFileSync(out, 'utf8'));
    delete file.changes[1].awaits;
    writeFileSync(out, JSON.stringify(file));
    sandbox.resetLog();

    const report = await runApplyPlan(runIn().ctx, { planFile: out, strict: false });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['apply.plan-differs']);
    expect(errors[0]!.message).toContain('`awaits` is absent from the file, the documents give [{"kind"');
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('of another shape: refused as damaged before anything is compared', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    const out = join(repo, 'plan.json');
    await runPlan(runIn().ctx, { out });
    const file = JSON.parse(readFileSync(out, 'utf8'));
    file.changes[1].awaits[0].kind = 'AlertRule';
    writeFileSync(out, JSON.stringify(file));
    sandbox.resetLog();

    const report = await runApplyPlan(runIn().ctx, { planFile: out, strict: false });
    expect(report.diagnostics.map((d) => d.code)).toEqual(['apply.plan-file-invalid']);
    expect(report.diagnostics[0]!.message).toContain('damaged: `changes[1].awaits[0].kind`');
    expect(sandbox.requests).toEqual([]);
  });
});
