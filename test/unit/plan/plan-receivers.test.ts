import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertReceiverDocument } from '../../../src/documents/types.js';
import { keptReceiverNotices, receiversStillUsed } from '../../../src/kinds/alert-receiver/in-use.js';
import { planReceivers } from '../../../src/kinds/alert-receiver/plan-changes.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import { isReceiverToCreate } from '../../../src/model/pending-reference.js';
import type { AlertReceiver, LiveAlertRule } from '../../../src/service/types.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const LIVE: AlertReceiver = {
  id: '5e1ec7ed-0000-4000-8000-000000000201',
  created_at: '2026-01-01T00:00:00Z',
  name: 'slack-oncall',
  type: 'SLACK',
  description: 'Pages the on-call engineer',
  send_resolved: true,
  owner: null,
  severity: null,
};

function docs(text: string): AlertReceiverDocument[] {
  const loaded = parseFiles([{ path: 'receivers.yaml', bytes: Buffer.from(text, 'utf8') }]);
  expect(loaded.diagnostics).toEqual([]);
  return loaded.documents as AlertReceiverDocument[];
}

const slack = (name: string, extra = '') =>
  `kind: AlertReceiver\norganization_id: ${ORG}\nname: ${name}\ntype: SLACK\ndescription: Pages the on-call engineer\nwebhook_url: {valueFrom: {env: HOOK}}\n${extra}`;

const plan = (text: string, over: Partial<Parameters<typeof planReceivers>[0]> = {}) =>
  planReceivers({
    documents: docs(text),
    removed: [],
    live: new Map([[ORG, [LIVE]]]),
    defaultOrganizationId: null,
    prune: false,
    rotate: false,
    env: { HOOK: 'https://hooks.example/x' },
    ...over,
  });

describe('planReceivers', () => {
  it('matches a live receiver by name: nothing to do when its fields agree, secrets aside', () => {
    const planned = plan(slack('slack-oncall'));
    expect(planned.changes.map((c) => [c.action, c.id])).toEqual([['noop', LIVE.id]]);
    expect(planned.diagnostics).toEqual([]);
  });

  it('updates a changed field and keeps the secret (none sent); a rotation sends it with no field changed', () => {
    const [update] = plan(slack('slack-oncall', 'send_resolved: false')).changes;
    expect(update).toMatchObject({
      action: 'update',
      diff: [{ path: 'send_resolved', before: true, after: false }],
      secrets: [],
    });
    const [rotation] = plan(slack('slack-oncall'), { rotate: true }).changes;
    expect(rotation).toMatchObject({
      action: 'update',
      diff: [],
      secrets: [{ field: 'webhook_url', env: 'HOOK' }],
      secretsWhy: 'rotation',
    });
  });

  it('creates an unknown name, sending its secret, and the rules resolve the name to a pending reference', () => {
    const planned = plan(slack('pager'));
    expect(planned.changes[0]).toMatchObject({
      action: 'create',
      secrets: [{ field: 'webhook_url', env: 'HOOK' }],
      request: { name: 'pager', type: 'SLACK', send_resolved: true, owner: null },
    });
    // The live receiver no document manages was made outside git: listed, never touched.
    expect(planned.unmanaged).toEqual([
      { kind: 'AlertReceiver', id: LIVE.id, name: 'slack-oncall', type: 'SLACK', organizationId: ORG },
    ]);
    // The receiver to create is found by its name and gives a reference by kind and identity, not an id.
    expect(planned.after.get(ORG)!.map((r) => [isReceiverToCreate(r) ? r.pending : r.id, r.name])).toEqual([
      [LIVE.id, 'slack-oncall'],
      [{ kind: 'AlertReceiver', organizationId: ORG, name: 'pager' }, 'pager'],
    ]);
  });

  it('sends the secret of the new type when a receiver changes type', () => {
    const email = [
      'kind: AlertReceiver',
      `organization_id: ${ORG}`,
      'name: slack-oncall',
      'type: EMAIL',
      'description: Pages the on-call engineer',
      'to: oncall@acme.example',
      'from: alerts@acme.example',
      'smarthost: smtp.acme.example:587',
      'auth_password: {valueFrom: {env: SMTP_PASSWORD}}',
    ].join('\n');
    const [change] = plan(email, { env: { SMTP_PASSWORD: 'pw-1234' } }).changes;
    expect(change).toMatchObject({
      action: 'update',
      secrets: [{ field: 'auth_password', env: 'SMTP_PASSWORD' }],
      secretsWhy: 'type changed',
    });
    expect(change!.diff.map((d) => d.path)).toEqual([
      'type',
      'to',
      'from',
      'smarthost',
      'auth_username',
      'require_tls',
    ]);
  });

  it('refuses a name several live receivers share, and a secret to send from an unset variable', () => {
    const twice = plan(slack('slack-oncall'), { live: new Map([[ORG, [LIVE, { ...LIVE, id: 'other' }]]]) });
    expect(twice.diagnostics.map((d) => [d.code, d.line])).toEqual([['plan.ambiguous-receiver', 3]]);
    const unset = plan(slack('pager'), { env: {} });
    expect(unset.diagnostics.map((d) => [d.code, d.line])).toEqual([['plan.receiver-secret-missing', 6]]);
  });

  it('refuses a secret too short or too common to hide on its valueFrom line, naming the variable only', () => {
    for (const weak of ['latency', 'short1!', 'latencyalerts', '12345678']) {
      const refused = plan(slack('pager'), { env: { HOOK: weak } });
      expect(refused.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
        ['plan.receiver-secret-weak', 6, 32],
      ]);
      const [finding] = refused.diagnostics;
      expect(finding!.message).toContain('environment variable `HOOK`');
      expect(finding!.message).toContain(
        'at least 8 characters, and at least 16 when made only of letters or only of digits',
      );
      expect(finding!.message).not.toContain(weak);
    }
    // Whether or not this plan sends it: an unchanged receiver's weak secret is refused too.
    const unchanged = plan(slack('slack-oncall'), { env: { HOOK: 'latency' } });
    expect(unchanged.changes.map((c) => c.action)).toEqual(['noop']);
    expect(unchanged.diagnostics.map((d) => d.code)).toEqual(['plan.receiver-secret-weak']);
    expect(plan(slack('pager'), { env: { HOOK: 'https://hooks.example/x' } }).diagnostics).toEqual([]);
  });

  it('holds, never deletes, a removed receiver whose file is still there unread: one warning, not listed as made outside git', () => {
    // Declared twice at the base (a file of two documents), both in the file that cannot be read now.
    const twice = `${slack('slack-oncall')}---\n${slack('slack-oncall')}`;
    const removed = parseFiles([{ path: 'receivers.yaml', bytes: Buffer.from(twice, 'utf8') }])
      .documents as AlertReceiverDocument[];
    expect(removed).toHaveLength(2);
    for (const prune of [true, false]) {
      const planned = plan(slack('other'), { removed, prune, unreadFiles: new Set(['receivers.yaml']) });
      expect(planned.changes.map((c) => c.action)).toEqual(['create']);
      expect(planned.diagnostics.map((d) => [d.severity, d.code, d.file])).toEqual([
        ['warning', 'plan.removed-held', 'receivers.yaml'],
      ]);
      expect(planned.unmanaged).toEqual([]);
    }
  });

  it('deletes a removed receiver only with prune', () => {
    const removed = docs(slack('slack-oncall'));
    expect(plan(slack('other'), { removed }).changes.map((c) => c.action)).toEqual(['create']);
    const pruned = plan(slack('other'), { removed, prune: true });
    expect(pruned.changes.map((c) => [c.action, c.name])).toEqual([
      ['create', 'other'],
      ['delete', 'slack-oncall'],
    ]);
  });
});

describe('receiversStillUsed', () => {
  const rule = (id: string, receivers: string[]): LiveAlertRule =>
    ({
      source: 'MANAGED',
      id,
      name: `rule-${id}`,
      alert_receiver_ids: receivers,
    }) as unknown as LiveAlertRule;
  const removed = docs(slack('slack-oncall'));
  const deletes = plan(slack('other'), { removed, prune: true }).changes;

  it('refuses the delete while a live rule, managed from git or not, still names the receiver', () => {
    const found = receiversStillUsed(
      deletes,
      new Map([[ORG, [rule('r1', [LIVE.id]), rule('r2', ['x'])]]]),
      [],
    );
    expect(found.map((d) => d.code)).toEqual(['plan.receiver-in-use']);
    expect(found[0]!.message).toContain('"rule-r1" (r1)');
  });

  it("allows it once this apply's rule changes stop naming it", () => {
    const update = {
      action: 'update',
      id: 'r1',
      name: 'rule-r1',
      request: { name: 'rule-r1', alert_receiver_ids: ['x'] },
    } as unknown as AlertRuleChange;
    const remove = { action: 'delete', id: 'r2', name: 'rule-r2' } as unknown as AlertRuleChange;
    const live = new Map([[ORG, [rule('r1', [LIVE.id]), rule('r2', [LIVE.id])]]]);
    expect(receiversStillUsed(deletes, live, [update, remove])).toEqual([]);
  });
});

describe('a receiver whose document was removed while prune is off', () => {
  const rule = (id: string, receivers: string[]): LiveAlertRule =>
    ({
      source: 'MANAGED',
      id,
      name: `rule-${id}`,
      alert_receiver_ids: receivers,
    }) as unknown as LiveAlertRule;
  const removed = docs(slack('slack-oncall'));
  const { kept, changes, after } = plan(slack('other'), { removed });

  it('is kept, no delete planned, and still there for the rules names', () => {
    expect(kept).toEqual([
      { id: LIVE.id, name: 'slack-oncall', organizationId: ORG, file: 'receivers.yaml' },
    ]);
    expect(changes.map((c) => c.action)).toEqual(['create']);
    expect(after.get(ORG)?.map((r) => r.name)).toContain('slack-oncall');
  });

  it('is said plainly when no rule names it, or when the rules could not be read', () => {
    for (const live of [new Map([[ORG, [rule('r2', ['x'])]]]), new Map()]) {
      const [notice] = keptReceiverNotices(kept, live, []);
      expect(notice).toMatchObject({ severity: 'notice', code: 'plan.removed-not-pruned' });
      expect(notice!.message).not.toContain('would be refused');
    }
  });

  it('says that a prune would be refused, and by which rules, while one names it', () => {
    const [notice] = keptReceiverNotices(kept, new Map([[ORG, [rule('r1', [LIVE.id])]]]), []);
    expect(notice!.message).toContain(
      'With prune, its delete would be refused (plan.receiver-in-use): alert rule "rule-r1" (r1) still names it; remove it from that rule first.',
    );
  });

  it('with prune, a delete keeps the receiver for the names, unless a receiver created here takes its name', () => {
    const deleting = plan(slack('other'), { removed, prune: true });
    expect(deleting.after.get(ORG)?.map((r) => r.name)).toEqual(['slack-oncall', 'other']);
    // Deleted while another receiver is renamed to its name: the renamed one is the one the names find.
    const OLD = '5e1ec7ed-0000-4000-8000-000000000299';
    const recreated = plan(slack('slack-oncall', `id: ${OLD}\n`), {
      removed: docs(slack('slack-oncall', `id: ${LIVE.id}\n`)),
      live: new Map([[ORG, [LIVE, { ...LIVE, id: OLD, name: 'old' }]]]),
      prune: true,
    });
    expect(recreated.changes.map((c) => [c.action, c.id])).toEqual([
      ['update', OLD],
      ['delete', LIVE.id],
    ]);
    expect(
      recreated.after
        .get(ORG)
        ?.filter((r) => r.name === 'slack-oncall')
        .map((r) => r.id),
    ).toEqual([OLD]);
  });
});
