/**
 * Every face reads the plan's one list of changes: a receiver's change is counted, listed, shown and
 * written out as a rule's is, in plan order, with what only a receiver has (its type, its secret).
 */
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import type { WriteBack } from '../../../src/plan/drift-write-back.js';
import { renderComment } from '../../../src/report/comment.js';
import { renderDriftIssue } from '../../../src/report/drift-issue.js';
import { renderDriftPullRequest } from '../../../src/report/drift-pull-request.js';
import { formatHeldText, heldBlock, heldChanges } from '../../../src/report/held.js';
import { renderJson } from '../../../src/report/json-output.js';
import { driftMarker } from '../../../src/report/markers.js';
import { planCounts } from '../../../src/report/plan-counts.js';
import { countRun, headline } from '../../../src/report/run-counts.js';
import { reviewBlock } from '../../../src/report/tables.js';
import { change, held, plan, receiverUpdate, report } from './report-factory.js';
import { LINKS } from './scenarios.js';

const created = {
  ...receiverUpdate,
  action: 'create',
  id: null,
  name: 'slack-oncall',
  type: 'SLACK',
  line: 1,
  secrets: [{ field: 'webhook_url', env: 'SLACK_ONCALL_WEBHOOK_URL' }],
  diff: [{ path: 'name', before: null, after: 'slack-oncall' }],
} as unknown as ReceiverChange;
const noop = { ...receiverUpdate, action: 'noop', diff: [] } as unknown as ReceiverChange;
const both = plan([created, receiverUpdate, noop, change(1), change(2, 'create'), change(3, 'noop')]);

describe('one list of changes', () => {
  it("counts a receiver's changes with the rules', by action", () => {
    expect(planCounts(both, false)).toBe('Plan: 2 to create, 2 to update, 0 to delete');
    const r = report({ plan: both });
    expect(countRun(r).changes).toBe(4);
    expect(headline(r, countRun(r))).toBe('plan: 4 changes pending');
  });

  it('writes every kind in `changes`, in plan order with its kind, and no separate receivers key', () => {
    const json = JSON.parse(renderJson(report({ plan: both }), new Redactor()));
    expect(json).not.toHaveProperty('receivers');
    expect(json.changes.map((c: { kind: string; action: string }) => [c.kind, c.action])).toEqual([
      ['AlertReceiver', 'create'],
      ['AlertReceiver', 'update'],
      ['AlertReceiver', 'noop'],
      ['AlertRule', 'update'],
      ['AlertRule', 'create'],
      ['AlertRule', 'noop'],
    ]);
    expect(json.changes[0]).toMatchObject({
      name: 'slack-oncall',
      type: 'SLACK',
      secrets: 'sent',
      secretsFrom: ['SLACK_ONCALL_WEBHOOK_URL'],
      secretCompared: false,
    });
    expect(json.changes[0]).not.toHaveProperty('clusterId');
    expect(json.changes[1]).toMatchObject({ secrets: 'kept', secretsFrom: [] });
    expect(json.changes[3]).toMatchObject({ clusterId: 'c1a5e7e0-0000-4000-8000-000000000101' });
    expect(json.changes[3]).not.toHaveProperty('type');
    expect(json.summary).toMatchObject({ create: 2, update: 2, delete: 0, unchanged: 2 });
    expect(json.unmanaged).toEqual([]);
    expect(json).not.toHaveProperty('unmanagedReceivers');
  });

  it("lists a receiver's change in its file's section of the comment, beside the rules' sections", () => {
    const r = report({
      plan: {
        ...both,
        unmanaged: [
          { kind: 'AlertReceiver', id: 'r-9', name: 'made-in-console', type: 'EMAIL', organizationId: 'o' },
        ],
      },
    });
    const md = renderComment(r, countRun(r), '<!-- m -->', 'abcdef1234567', { links: LINKS });
    expect(md).toContain('<summary><code>alerting/receivers.yaml</code>: 2 changes</summary>');
    expect(md).toContain('**➕ create** alert receiver `slack-oncall` · SLACK · [`line 1`](');
    expect(md).toContain('- secrets: will be sent (webhook\\_url from $SLACK\\_ONCALL\\_WEBHOOK\\_URL)');
    expect(md).not.toContain('#### Alert receivers');
    expect(md.indexOf('alerting/receivers.yaml')).toBeLessThan(md.indexOf('alerting/rules-1.yaml'));
    expect(md).toContain(
      'Live alert receivers no document manages (listed, never touched): `made-in-console`',
    );
  });

  it('names the kinds that drifted in the drift issue, in one list', () => {
    const drift = renderDriftIssue(
      report({ command: 'drift', plan: plan([receiverUpdate, change(1)]) }),
      driftMarker(['alerting']),
      { paths: ['alerting'], sha: 'd'.repeat(40), runUrl: null },
    );
    expect(drift.body).toContain('#### Drifted rules and alert receivers');
    expect(drift.body.indexOf('alert receiver `email-platform`')).toBeLessThan(drift.body.indexOf('rule-1'));
    const only = renderDriftIssue(
      report({ command: 'drift', plan: plan([receiverUpdate]) }),
      driftMarker(['alerting']),
      { paths: ['alerting'], sha: 'd'.repeat(40), runUrl: null },
    );
    expect(only.body).toContain('#### Drifted alert receivers');
  });

  it("shows a receiver's adopted edit with the rules' in the drift pull request, and that its secret is not written", () => {
    const rule = change(1);
    const written: WriteBack = {
      files: [{ path: 'alerting/receivers.yaml', text: 'kind: AlertReceiver\n' }],
      adopted: [
        {
          kind: 'AlertReceiver',
          name: 'email-platform',
          file: 'alerting/receivers.yaml',
          change: receiverUpdate as Extract<ReceiverChange, { action: 'update' }>,
          id: receiverUpdate.id,
        },
        { kind: 'AlertRule', name: rule.name, file: rule.file, change: rule, id: rule.id },
      ],
      toDecide: [],
      notWritten: [],
    };
    const context = { paths: ['.'], sha: 'abcdef123456', runUrl: null, links: null, driftIssue: null };
    const body = renderDriftPullRequest(written, '<!-- m -->', context).body;
    expect(body).toContain('#### Rules and alert receivers edited outside git');
    expect(body).toContain('A secret is never written: the documents keep reading it from the environment.');
    expect(body).toContain('**✏️ update** alert receiver `email-platform`');
    expect(body).toContain('- `send_resolved`: `false` → `true`');
    expect(body.indexOf('email-platform')).toBeLessThan(body.indexOf('rule-1'));
    const rulesOnly = renderDriftPullRequest(
      { ...written, adopted: written.adopted.slice(1) },
      '<!-- m -->',
      context,
    ).body;
    expect(rulesOnly).toContain('#### Rules edited outside git');
    expect(rulesOnly).not.toContain('A secret is never written');
  });

  it('names a held receiver as one, in the terminal and in the job summary', () => {
    const heldPlan = plan([held(receiverUpdate, 'changed since review'), change(1)]);
    const list = heldChanges(heldPlan);
    expect(formatHeldText(list)).toContain(
      '  update alert receiver email-platform (5e1ec7ed-0000-4000-8000-000000000202) at alerting/receivers.yaml:11: changed since review',
    );
    expect(heldBlock(list, null).open).toContain('| Action | Change | Where | Reason |');
    expect(heldBlock(list, null).rows[0]).toContain('| alert receiver email-platform |');
  });
});

describe('the review of a push run', () => {
  it('names a receiver reviewed on its pull request as one', () => {
    const block = reviewBlock(
      [
        {
          kind: 'AlertReceiver',
          name: 'email-platform',
          action: 'update',
          id: receiverUpdate.id,
          file: receiverUpdate.file,
          line: receiverUpdate.line,
          status: 'as reviewed',
          fields: [],
          why: '',
        },
      ],
      null,
    );
    expect(block.open).toContain('| Review | Action | Change | Where | Why |');
    expect(block.rows[0]).toContain('| ✔️ as reviewed | ✏️ update | alert receiver email-platform |');
  });
});
