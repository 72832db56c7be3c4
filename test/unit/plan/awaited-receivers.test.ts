/**
 * A rule's names resolved against the receivers as the receivers' plan leaves them: a receiver that plan
 * creates is awaited by a typed reference (`awaits`), never put in the request's ids; the diff shows it in
 * `alert_receiver_ids`, the review's hash and the saved plan carry it only when there is one.
 */
import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertReceiverDocument } from '../../../src/documents/types.js';
import { planReceivers } from '../../../src/kinds/alert-receiver/plan-changes.js';
import { alertRuleKind } from '../../../src/kinds/alert-rule/index.js';
import { planAlertRules } from '../../../src/kinds/alert-rule/plan-changes.js';
import type { PendingRuleChange } from '../../../src/model/alert-rule-change.js';
import { savedChange } from '../../../src/plan/plan-file.js';
import { liveReceiver } from '../../helpers/receivers.js';
import { docs, live, ORG, ruleYaml, SLACK } from './fixtures.js';

const PAGER = { kind: 'AlertReceiver', organizationId: ORG, name: 'pager' } as const;
const UNKNOWN = '0badbeef-0000-4000-8000-000000000299';

/** The receivers after a plan that creates `pager` beside the live slack-oncall. */
function receiversAfterCreatingPager() {
  const text = `kind: AlertReceiver\norganization_id: ${ORG}\nname: pager\ntype: SLACK\nwebhook_url: {valueFrom: {env: HOOK}}\n`;
  const loaded = parseFiles([{ path: 'receivers.yaml', bytes: Buffer.from(text, 'utf8') }]);
  return planReceivers({
    documents: loaded.documents as AlertReceiverDocument[],
    removed: [],
    live: new Map([[ORG, [liveReceiver({ id: SLACK, name: 'slack-oncall', type: 'SLACK' })]]]),
    defaultOrganizationId: null,
    prune: false,
    rotate: false,
    env: { HOOK: 'https://hooks.example/x-5b8e' },
  }).after;
}

function plan(yaml: string) {
  return planAlertRules({
    documents: docs({ 'a.yaml': yaml }),
    live: new Map([[ORG, [live()]]]),
    receivers: receiversAfterCreatingPager(),
    defaultOrganizationId: null,
    prune: false,
  });
}

describe('a rule naming a receiver the same plan creates', () => {
  it('awaits it, its request holding the real ids only; the diff lists it in its reading order', () => {
    const p = plan(ruleYaml({ description: 'p99, paged', alert_receivers: '\n  - pager\n  - slack-oncall' }));
    expect(p.diagnostics).toEqual([]);
    const [change] = p.changes;
    expect(change).toMatchObject({
      action: 'update',
      request: { alert_receiver_ids: [SLACK] },
      awaits: [PAGER],
    });
    // The ids alone are the live rule's: the field is in the diff all the same, where a reader expects it.
    expect(change!.diff).toEqual([
      { path: 'description', before: 'p99 latency', after: 'p99, paged' },
      { path: 'alert_receiver_ids', before: [SLACK], after: [SLACK, PAGER] },
    ]);
  });

  it('of a new rule: awaited, and in the diff of the create after the ids', () => {
    const p = plan(ruleYaml({ id: null, name: 'api-new', alert_receivers: '\n  - pager' }));
    const [change] = p.changes;
    expect(change).toMatchObject({
      action: 'create',
      request: { alert_receiver_ids: [SLACK] },
      awaits: [PAGER],
    });
    expect(change!.diff.find((d) => d.path === 'alert_receiver_ids')).toEqual({
      path: 'alert_receiver_ids',
      before: null,
      after: [SLACK, PAGER],
    });
  });

  it('hashes and saves the awaited receiver with the request; a rule awaiting none exactly as before', () => {
    const awaiting = plan(ruleYaml({ alert_receivers: '\n  - pager' })).changes[0] as PendingRuleChange;
    expect(alertRuleKind.sent(awaiting)).toEqual({
      request: (awaiting as { request: unknown }).request,
      awaits: [PAGER],
    });
    expect(savedChange(awaiting)).toMatchObject({ awaits: [PAGER] });

    const plain = plan(ruleYaml({ description: 'p99, paged' })).changes[0] as PendingRuleChange;
    expect(plain).not.toHaveProperty('awaits');
    expect(alertRuleKind.sent(plain)).toBe((plain as { request: unknown }).request);
    expect(savedChange(plain)).not.toHaveProperty('awaits');
  });

  it('lists it among the receivers an unknown id could have meant, as created by this apply, never by an id', () => {
    const p = plan(ruleYaml({ alert_receiver_ids: `\n  - ${UNKNOWN}` }));
    expect(p.diagnostics.map((d) => d.code)).toEqual(['plan.unknown-receiver']);
    expect(p.diagnostics[0]!.message).toContain(
      `Its receivers: pager (created by this apply), slack-oncall (${SLACK}).`,
    );
  });
});
