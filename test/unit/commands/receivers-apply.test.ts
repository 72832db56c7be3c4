/**
 * Alert receivers planned and applied with the rules, over real HTTP against the sandbox: the order of
 * the writes in one apply, the secret sent only when it must be (`null` otherwise), and a delete refused
 * before anything is written while a live rule still names the receiver.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runDrift } from '../../../src/commands/drift.js';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { renderJson, toJsonOutput } from '../../../src/report/json-output.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import { countRun, headline } from '../../../src/report/run-counts.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { pagingRuleDocument, receiverDocument } from '../../helpers/receivers.js';
import { callSandbox } from '../../helpers/sandbox.js';
import { ACME, type TestRun, testRun } from './run-context.js';

const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const HOOK = 'https://hooks.slack.example/services/T000/B000/canary-4f2a9c';
const ENV = { PAGER_WEBHOOK_URL: HOOK };

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

/** git in the temporary repository, with the fixed author of the test helpers. */
const git = (...args: string[]): string => gitSync(repo, ...args);

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

const receiver = receiverDocument;
const rule = pagingRuleDocument;

async function runIn(over: Parameters<typeof testRun>[1] = {}): Promise<TestRun> {
  const inGit = over.git !== undefined || over.base !== undefined;
  const reader = createGitReader(repo);
  const r = testRun(sandbox, {
    root: repo,
    paths: ['.'],
    env: ENV,
    ...(inGit ? { git: reader, base: await reader.parentOf('HEAD') } : {}),
    ...over,
  });
  runs.push(r);
  return r;
}

const writes = () =>
  sandbox.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ w: `${r.method} ${r.path}`, body: r.body }));

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'receivers-'));
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('one apply of a receiver and a rule naming it', () => {
  it('creates the receiver first, then the rule with the id the create returned', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));

    const planned = await runPlan((await runIn()).ctx);
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(changesOfKind(planned.plan!.changes, 'AlertReceiver').map((c) => [c.action, c.name])).toEqual([
      ['create', 'pager'],
    ]);
    expect(changesOfKind(planned.plan!.changes, 'AlertRule')[0]!.action).toBe('create');
    sandbox.resetLog();

    const applied = await runApply((await runIn()).ctx);
    expect(applied.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const sent = writes();
    expect(sent.map((s) => s.w)).toEqual(['POST /alert-receivers', 'POST /alert-rules']);
    expect(sent[0]!.body).toEqual({
      name: 'pager',
      description: 'Pages the platform on-call',
      type: 'SLACK',
      send_resolved: true,
      owner: null,
      severity: null,
      organization_id: ACME,
      webhook_url: HOOK,
    });
    expect(toJsonOutput(applied, {}).summary).toMatchObject({ create: 2, applied: 2, failed: 0 });
    const created = changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result!;
    expect(created).toMatchObject({ ok: true, status: 201 });
    expect((sent[1]!.body as { alert_receiver_ids: string[] }).alert_receiver_ids).toEqual([created.id]);

    // Applied: the next plan has nothing to do.
    const again = await runPlan((await runIn()).ctx);
    expect(changesOfKind(again.plan!.changes, 'AlertReceiver').map((c) => c.action)).toEqual(['noop']);
    expect(changesOfKind(again.plan!.changes, 'AlertRule').map((c) => c.action)).toEqual(['noop']);
  });
});

describe('the plan of a receiver and a rule naming it', () => {
  it('lists both in one list, the receiver first, and its closing line counts them together', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));

    const run = await runIn();
    const planned = await runPlan(run.ctx);
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(planned.plan!.changes.map((c) => [c.kind, c.action, c.name])).toEqual([
      ['AlertReceiver', 'create', 'pager'],
      ['AlertRule', 'create', 'load-high'],
    ]);
    expect(run.progress).toContain(
      'alert rules and alert receivers: 2 to create, 0 to update, 0 to delete, 0 unchanged (1 organization read)',
    );
  });

  it('counts the organization a repository of receivers alone reads', async () => {
    write('alerting/receivers.yaml', receiver('pager'));

    const run = await runIn();
    await runPlan(run.ctx);
    expect(run.progress).toContain(
      'alert receivers: 1 to create, 0 to update, 0 to delete, 0 unchanged (1 organization read)',
    );
  });
});

describe('a receiver create the service refuses', () => {
  it('holds the rule that names it: the rule is not written, and says why', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    sandbox.setFaults({ script: [{ operation: 'createAlertReceiver', status: 400 }] });

    const applied = await runApply((await runIn()).ctx);
    expect(writes().map((w) => w.w)).toEqual(['POST /alert-receivers']);
    expect(changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(changesOfKind(applied.plan!.changes, 'AlertRule')[0]).toMatchObject({
      action: 'create',
      gate: { admitted: false, reason: 'a receiver it names was not created' },
    });
    expect(exitCodeFor(applied)).toBe(1);
  });

  it('is not sent when the variable its secret is read from is unset at apply time', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    const planFile = join(repo, 'plan.json');
    const planned = await runPlan((await runIn()).ctx, { out: planFile });
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    sandbox.resetLog();

    const applied = await runApplyPlan((await runIn({ env: {} })).ctx, { planFile, strict: false });
    expect(writes()).toEqual([]);
    expect(changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result).toMatchObject({
      ok: false,
      notSent: true,
    });
    expect(changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result!.error).toContain(
      'PAGER_WEBHOOK_URL',
    );
  });

  it('is not sent when the variable holds a value too weak to hide at apply time', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    const planFile = join(repo, 'plan.json');
    const planned = await runPlan((await runIn()).ctx, { out: planFile });
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    sandbox.resetLog();

    const run = await runIn({ env: { PAGER_WEBHOOK_URL: 'latency' } });
    const applied = await runApplyPlan(run.ctx, { planFile, strict: false });
    expect(writes()).toEqual([]);
    const result = changesOfKind(applied.plan!.changes, 'AlertReceiver')[0]!.result!;
    expect(result).toMatchObject({ ok: false, notSent: true });
    expect(result.error).toMatch(
      /^Not sent: the environment variable PAGER_WEBHOOK_URL .* too weak to hide: it is shorter than 8/,
    );
    expect(result.error).not.toContain('latency');
  });
});

describe('the receivers of an organization that cannot be read', () => {
  it('are asked for once, and said once, though the receivers and the rules naming them both need them', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    sandbox.setFaults({ script: [{ operation: 'getAlertReceivers', status: 400, times: 10 }] });

    const planned = await runPlan((await runIn()).ctx);
    expect(sandbox.count('getAlertReceivers')).toBe(1);
    const unread = planned.diagnostics.filter((d) =>
      d.message.startsWith(`The alert receivers of organization ${ACME} could not be read`),
    );
    expect(unread).toHaveLength(1);
  });
});

describe('an update of a receiver', () => {
  it('sends `null` for the secret it is not changing, and the secret itself when rotating', async () => {
    write('alerting/receivers.yaml', receiver('slack-oncall', 'send_resolved: false'));
    const applied = await runApply((await runIn()).ctx);
    expect(changesOfKind(applied.plan!.changes, 'AlertReceiver').map((c) => [c.action, c.id])).toEqual([
      ['update', SLACK_ONCALL],
    ]);
    const [put] = writes();
    expect(put!.w).toBe(`PUT /alert-receivers/${SLACK_ONCALL}`);
    expect(put!.body).toHaveProperty('webhook_url', null);
    expect(put!.body).toMatchObject({ send_resolved: false, description: 'Pages the platform on-call' });
    sandbox.resetLog();

    const unchanged = await runPlan((await runIn()).ctx);
    expect(changesOfKind(unchanged.plan!.changes, 'AlertReceiver').map((c) => c.action)).toEqual(['noop']);

    const rotated = await runApply((await runIn({ rotateSecrets: true })).ctx);
    const change = changesOfKind(rotated.plan!.changes, 'AlertReceiver')[0]!;
    expect(change).toMatchObject({ action: 'update', diff: [], secretsWhy: 'rotation' });
    expect(writes()).toEqual([
      {
        w: `PUT /alert-receivers/${SLACK_ONCALL}`,
        body: expect.objectContaining({ webhook_url: HOOK, send_resolved: false }),
      },
    ]);
  });

  it('sends `null` for the password of an EMAIL receiver it is not rotating', async () => {
    write(
      'alerting/receivers.yaml',
      [
        'kind: AlertReceiver',
        `organization_id: ${ACME}`,
        'name: email-platform',
        'type: EMAIL',
        "description: The platform team's mailing list",
        'send_resolved: false',
        'to: platform@acme.example',
        'from: alerts@acme.example',
        'smarthost: smtp.acme.example:587',
        'auth_username: alerts@acme.example',
        'auth_password: {valueFrom: {env: SMTP_PASSWORD}}',
        'require_tls: false',
      ].join('\n'),
    );
    await runApply((await runIn()).ctx);
    expect(writes()).toEqual([
      {
        w: 'PUT /alert-receivers/5e1ec7ed-0000-4000-8000-000000000202',
        body: expect.objectContaining({
          auth_password: null,
          require_tls: false,
          smarthost: 'smtp.acme.example:587',
        }),
      },
    ]);
  });

  it('refuses to plan a secret it must send from a variable that is not set', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    const report = await runApply((await runIn({ env: {} })).ctx);
    const missing = report.diagnostics.filter((d) => d.code === 'plan.receiver-secret-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ file: 'alerting/receivers.yaml', line: 6 });
    expect(missing[0]!.message).toContain('PAGER_WEBHOOK_URL');
    expect(writes()).toEqual([]);
  });
});

describe('a receiver secret too short or too common to hide', () => {
  it('is refused on its valueFrom line, never registered nor sent: rule names holding it stay readable', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('checkout-latency-high', 'pager'));
    const run = await runIn({ env: { PAGER_WEBHOOK_URL: 'latency' } });
    const report = await runApply(run.ctx);
    const weak = report.diagnostics.filter((d) => d.code === 'plan.receiver-secret-weak');
    expect(weak).toMatchObject([{ file: 'alerting/receivers.yaml', line: 6, severity: 'error' }]);
    expect(weak[0]!.message).toContain('`PAGER_WEBHOOK_URL`');
    expect(writes()).toEqual([]);
    expect(run.ctx.redactor.size).toBe(0);
    const text = run.ctx.redactor.redact(formatPlanText(report.plan!, { color: false }));
    const json = renderJson(report, run.ctx.redactor);
    // The sandbox's ghost rule api-p95-latency-legacy is listed in both.
    for (const out of [text, json]) {
      expect(out).toContain('api-p95-latency-legacy');
      expect(out).not.toContain('-***');
    }
    expect(json).toContain('checkout-latency-high');
  });

  it('a valid secret is still registered and hidden wherever it shows', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    const run = await runIn();
    const report = await runPlan(run.ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(run.ctx.redactor.redact(`quoted back: ${HOOK}`)).toBe('quoted back: ***');
  });
});

describe('prune of a receiver', () => {
  beforeEach(() => {
    git('init', '-q', '-b', 'main');
  });

  it('is refused, with nothing written, while a live rule not managed from git still names it', async () => {
    write('alerting/receivers.yaml', receiver('slack-low-priority'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    unlinkSync(join(repo, 'alerting/receivers.yaml'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall, email-platform'));
    git('commit', '-q', '-am', 'remove the low-priority receiver');

    const report = await runApply((await runIn({ prune: true, git: createGitReader(repo) })).ctx);
    const refusal = report.diagnostics.filter((d) => d.code === 'plan.receiver-in-use');
    expect(refusal).toHaveLength(1);
    expect(refusal[0]!.message).toContain('"api-pod-restarts" (a2a2a2a2-0000-4000-8000-000000000503)');
    expect(refusal[0]!.message).toContain('"web-p95-ttfb"');
    expect(changesOfKind(report.plan!.changes, 'AlertReceiver').map((c) => [c.action, c.gate])).toEqual([
      ['delete', { admitted: false, reason: 'findings block the apply' }],
    ]);
    expect(writes()).toEqual([]);
  });

  it('is said at plan time while rules still name it, and refused by apply without calling it unknown', async () => {
    write('alerting/receivers.yaml', receiver('slack-low-priority'));
    write('alerting/rules.yaml', rule('load-high', 'slack-low-priority'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    await runApply((await runIn()).ctx);
    unlinkSync(join(repo, 'alerting/receivers.yaml'));
    git('commit', '-q', '-am', 'remove the low-priority receiver');
    sandbox.resetLog();

    // The plan without prune keeps it, and says that a prune would be refused, by which rules.
    const planned = await runPlan((await runIn({ git: createGitReader(repo) })).ctx);
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const kept = planned.diagnostics.filter((d) => d.code === 'plan.removed-not-pruned');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.message).toContain('"slack-low-priority" (5e1ec7ed-0000-4000-8000-000000000203)');
    expect(kept[0]!.message).toContain('With prune, its delete would be refused (plan.receiver-in-use)');
    expect(kept[0]!.message).toMatch(/"load-high" \([0-9a-f-]{36}\)/);

    // The apply with prune refuses it for that reason alone: the receiver exists, the rule's name resolves.
    const report = await runApply((await runIn({ prune: true, git: createGitReader(repo) })).ctx);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['plan.receiver-in-use']);
    expect(errors[0]!.message).toMatch(/"load-high" \([0-9a-f-]{36}\)/);
    expect(report.diagnostics.map((d) => d.message).join('\n')).not.toContain('No alert receiver is named');
    expect(writes()).toEqual([]);
  });

  it('reads the rules of the organization once when that read fails, says so once, and deletes nothing', async () => {
    write('alerting/receivers.yaml', receiver('slack-low-priority'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    unlinkSync(join(repo, 'alerting/receivers.yaml'));
    git('commit', '-q', '-am', 'remove the low-priority receiver');
    sandbox.setFaults({ script: [{ operation: 'getAlertRules', status: 400, times: 10 }] });

    const report = await runApply((await runIn({ prune: true, git: createGitReader(repo) })).ctx);
    expect(sandbox.count('getAlertRules')).toBe(1);
    expect(writes()).toEqual([]);
    const unread = report.diagnostics.filter((d) =>
      d.message.startsWith(`The alert rules of organization ${ACME} could not be read`),
    );
    expect(unread).toHaveLength(1);
  });

  it('deletes the receiver after the rules that named it were updated', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const first = await runApply((await runIn()).ctx);
    const pager = changesOfKind(first.plan!.changes, 'AlertReceiver')[0]!.result!.id!;
    const ruleId = first.results.find((r) => r.change.kind === 'AlertRule')!.id!;
    sandbox.resetLog();

    unlinkSync(join(repo, 'alerting/receivers.yaml'));
    write('alerting/rules.yaml', rule('load-high', 'slack-oncall'));
    git('commit', '-q', '-am', 'page slack-oncall instead');

    const report = await runApply((await runIn({ prune: true, git: createGitReader(repo) })).ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writes().map((w) => w.w)).toEqual([
      `PUT /alert-rules/${ruleId}`,
      `DELETE /alert-receivers/${pager}`,
    ]);
  });
});

describe('one apply that creates, updates and deletes receivers beside a rule', () => {
  it('writes receiver creates and updates, then the rule with the new id, then the receiver delete', async () => {
    git('init', '-q', '-b', 'main');
    write('alerting/old-pager.yaml', receiver('old-pager'));
    write('alerting/keeper.yaml', receiver('keeper'));
    write('alerting/rules.yaml', rule('load-high', 'old-pager'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const first = await runApply((await runIn()).ctx);
    const receiverIds = new Map(
      changesOfKind(first.plan!.changes, 'AlertReceiver').map((c) => [c.name, c.result!.id!]),
    );
    const ruleId = first.results.find((r) => r.change.kind === 'AlertRule')!.id!;
    sandbox.resetLog();

    unlinkSync(join(repo, 'alerting/old-pager.yaml'));
    write('alerting/keeper.yaml', receiver('keeper', 'send_resolved: false'));
    write('alerting/new-pager.yaml', receiver('new-pager'));
    write('alerting/rules.yaml', rule('load-high', 'new-pager'));
    git('add', '-A');
    git('commit', '-q', '-m', 'page new-pager');
    const report = await runApply((await runIn({ prune: true, git: createGitReader(repo) })).ctx);

    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const created = changesOfKind(report.plan!.changes, 'AlertReceiver').find((c) => c.name === 'new-pager')!
      .result!.id!;
    const sent = writes();
    // The receivers' writes in the order of their documents (keeper.yaml, new-pager.yaml), all before the rule.
    expect(sent.map((w) => w.w)).toEqual([
      `PUT /alert-receivers/${receiverIds.get('keeper')}`,
      'POST /alert-receivers',
      `PUT /alert-rules/${ruleId}`,
      `DELETE /alert-receivers/${receiverIds.get('old-pager')}`,
    ]);
    expect(sent[0]!.body).toMatchObject({ name: 'keeper', send_resolved: false, webhook_url: null });
    expect(sent[1]!.body).toMatchObject({ name: 'new-pager', webhook_url: HOOK });
    expect(sent[2]!.body).toMatchObject({ alert_receiver_ids: [created] });
  });
});

describe('a saved plan with a receiver', () => {
  it('holds the variable, never the secret, and apply --plan writes exactly it', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain(HOOK);
    const saved = JSON.parse(text);
    expect(saved).not.toHaveProperty('receivers');
    expect(saved.changes.filter((c: { kind: string }) => c.kind === 'AlertReceiver')).toEqual([
      expect.objectContaining({
        action: 'create',
        name: 'pager',
        secrets: [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }],
      }),
    ]);
    sandbox.resetLog();

    const applied = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
    expect(applied.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writes().map((w) => w.w)).toEqual(['POST /alert-receivers', 'POST /alert-rules']);
  });

  it('is refused whole when its receiver change is not the one the documents give', async () => {
    write('alerting/receivers.yaml', receiver('slack-oncall', 'send_resolved: false'));
    const out = join(repo, 'plan.json');
    await runPlan((await runIn()).ctx, { out });
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.changes[0].kind).toBe('AlertReceiver');
    file.changes[0].secrets = [{ field: 'webhook_url', env: 'PAGER_WEBHOOK_URL' }];
    writeFileSync(out, JSON.stringify(file));
    sandbox.resetLog();

    const report = await runApplyPlan((await runIn()).ctx, { planFile: out, strict: false });
    expect(report.diagnostics.map((d) => d.code)).toContain('apply.plan-differs');
    expect(writes()).toEqual([]);
  });
});

describe('drift of a receiver', () => {
  it('reports a receiver edited outside git, says its secret cannot be compared, and remediates it', async () => {
    write('alerting/receivers.yaml', receiver('slack-oncall'));
    const edited = await callSandbox(sandbox, 'PUT', `/alert-receivers/${SLACK_ONCALL}`, {
      body: {
        name: 'slack-oncall',
        description: 'edited in the console',
        type: 'SLACK',
        send_resolved: true,
        owner: null,
        severity: null,
        webhook_url: null,
      },
    });
    expect(edited.status).toBe(200);
    sandbox.resetLog();

    const checking = await runIn({ rotateSecrets: true });
    const drift = await runDrift(checking.ctx, { remediate: false });
    // The progress line counts what drifted, a receiver here, and says its secret was not compared.
    expect(checking.progress).toContain(
      "drift: 1 alert receiver differs from the documents (receivers' secrets not compared); 0 ghost, 0 not up to date",
    );
    // So do the JSON output and the headline.
    const json = toJsonOutput(drift, { failOn: 'error' }) as { changes: Record<string, unknown>[] };
    expect(json.changes.filter((c) => c.kind === 'AlertReceiver')).toEqual([
      expect.objectContaining({ action: 'update', secretCompared: false }),
    ]);
    expect(headline(drift, countRun(drift))).toContain('1 alert receiver drifted');
    expect(
      changesOfKind(drift.plan!.changes, 'AlertReceiver').map((c) => [c.action, c.diff.map((d) => d.path)]),
    ).toEqual([['update', ['description']]]);
    expect(exitCodeFor(drift)).toBe(2);
    const text = formatPlanText(drift.plan!, { color: false, drift: true });
    // In the one list of changes, the receiver's own line says its secret cannot be compared.
    expect(text).toContain(
      'Alert receivers: drift: these live alert receivers differ from the documents (applying the documents would make these changes):',
    );
    expect(text).toContain(
      'secrets: kept (sent as null; the service never returns them, so they cannot be compared',
    );
    expect(text).toContain('description: "edited in the console" → "Pages the platform on-call"');
    expect(text).toContain('secrets: kept (sent as null;');
    expect(text).toContain('Live alert receivers no document manages (listed, never touched):');
    expect(writes()).toEqual([]);

    const remediated = await runDrift((await runIn()).ctx, { remediate: true });
    expect(exitCodeFor(remediated)).toBe(0);
    expect(writes()).toEqual([
      { w: `PUT /alert-receivers/${SLACK_ONCALL}`, body: expect.objectContaining({ webhook_url: null }) },
    ]);
  });
});
