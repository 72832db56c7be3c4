import { describe, expect, it } from 'vitest';
import { decodeAlertReceiverList } from '../../../src/service/decode/alert-receivers.js';
import { decodeAlertRuleList } from '../../../src/service/decode/alert-rules.js';
import { type DecodeContext, DecodeError } from '../../../src/service/decode/read.js';
import { Notices } from '../../../src/service/notices.js';

function context(): DecodeContext {
  return { operation: 'getAlertRules', notices: new Notices() };
}

const managed = {
  source: 'MANAGED',
  id: 'a2a2a2a2-0000-4000-8000-000000000501',
  created_at: '2026-01-01T00:00:00Z',
  organization_id: '7f1b2c3d-0000-4000-8000-000000000001',
  cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
  name: 'api-p99-latency',
  description: 'p99',
  tag: 'latency',
  condition: { kind: 'CUSTOM', promql: 'x', operator: 'ABOVE', threshold: 0.5, function: 'NONE' },
  for_duration: 'PT5M',
  severity: 'HIGH',
  enabled: true,
  alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
  presentation: { summary: 's', runbook_url: null },
  target: {
    target_type: 'APPLICATION',
    target_id: 'a1a1a1a1-0000-4000-8000-000000000301',
    service: { id: 'x' },
  },
  state: 'OK',
  is_up_to_date: true,
  extra_field_we_do_not_use: { anything: true },
};

describe('alert rules at the boundary', () => {
  it('reads managed and ghost rules', () => {
    const ghost = { source: 'GHOST', name: 'orphan', state: 'TRIGGERED', target: null, starts_at: null };
    const rules = decodeAlertRuleList({ results: [managed, ghost] }, context());
    expect(rules[0]).toMatchObject({ source: 'MANAGED', id: managed.id, updated_at: null, severity: 'HIGH' });
    expect(rules[0]).not.toHaveProperty('extra_field_we_do_not_use');
    expect(rules[0]).not.toHaveProperty('target.service');
    expect(rules[1]).toEqual(ghost);
  });

  it('reads both spellings of the cluster target as CLUSTER', () => {
    const wire = { ...managed, target: { target_type: ' CLUSTER', target_id: managed.cluster_id } };
    const plain = { ...managed, target: { target_type: 'CLUSTER', target_id: managed.cluster_id } };
    const ctx = context();
    const rules = decodeAlertRuleList({ results: [wire, plain] }, ctx);
    expect(rules.map((r) => r.target?.target_type)).toEqual(['CLUSTER', 'CLUSTER']);
    expect(ctx.notices.list()).toEqual([]);
  });

  it('tolerates unknown enum values, keeps them, and reports each once', () => {
    const odd = {
      ...managed,
      severity: 'SEVERE',
      state: 'SNOOZED',
      condition: { ...managed.condition, function: 'P99' },
    };
    const ctx = context();
    const rules = decodeAlertRuleList({ results: [odd, odd, { ...odd, id: 'other' }] }, ctx);
    expect(rules).toHaveLength(3);
    expect(rules[0]).toMatchObject({ severity: 'SEVERE', state: 'SNOOZED', condition: { function: 'P99' } });
    expect(ctx.notices.list()).toHaveLength(3);
    expect(ctx.notices.list().join('\n')).toMatch(/unknown alert severity "SEVERE"/);
  });

  it('leaves out rules of an unknown source, and says so once', () => {
    const ctx = context();
    const rules = decodeAlertRuleList(
      { results: [{ ...managed, source: 'IMPORTED' }, { source: 'IMPORTED' }] },
      ctx,
    );
    expect(rules).toEqual([]);
    expect(ctx.notices.list()).toEqual([expect.stringMatching(/unknown source "IMPORTED"/)]);
  });

  it.each([
    [{ results: [{ ...managed, enabled: 'yes' }] }, 'results[0].enabled'],
    [{ results: [{ ...managed, condition: { kind: 'CUSTOM' } }] }, 'results[0].condition.promql'],
    [{ results: [{ ...managed, alert_receiver_ids: ['a', 7] }] }, 'results[0].alert_receiver_ids[1]'],
    [{ results: [{ ...managed, id: undefined }] }, 'results[0].id'],
    [{ results: {} }, 'results'],
  ])('names the field of a wrong shape (%#)', (body, field) => {
    expect(() => decodeAlertRuleList(body, context())).toThrow(DecodeError);
    expect(() => decodeAlertRuleList(body, context())).toThrow(`'${field}'`);
  });

  it('reads receivers, tolerating a new receiver type', () => {
    const ctx = context();
    const receivers = decodeAlertReceiverList(
      {
        results: [
          { id: 'r1', name: 'slack-oncall', type: 'SLACK', description: 'd', webhook_url: 'secret' },
          { id: 'r2', name: 'pager', type: 'PAGERDUTY' },
        ],
      },
      ctx,
    );
    expect(receivers).toEqual([
      { id: 'r1', name: 'slack-oncall', type: 'SLACK', description: 'd' },
      { id: 'r2', name: 'pager', type: 'PAGERDUTY' },
    ]);
    expect(ctx.notices.list()).toHaveLength(1);
  });
});

describe('alert rule lists the plan cannot trust', () => {
  it('reads a ghost with a partial target or no state with what is known', () => {
    const partial = { source: 'GHOST', name: 'orphan', target: { target_type: ' CLUSTER' } };
    const bare = { source: 'GHOST', state: 'TRIGGERED', target: { target_id: managed.cluster_id } };
    const rules = decodeAlertRuleList({ results: [managed, partial, bare] }, context());
    expect(rules[1]).toEqual({
      source: 'GHOST',
      name: 'orphan',
      state: null,
      target: { target_type: 'CLUSTER' },
      starts_at: null,
    });
    expect(rules[2]).toEqual({
      source: 'GHOST',
      name: '(unnamed)',
      state: 'TRIGGERED',
      target: { target_id: managed.cluster_id },
      starts_at: null,
    });
  });

  it('refuses a paginated list, naming it, rather than planning from its first page', () => {
    const body = { results: [managed], pagination: { page: 1, total_pages: 3 } };
    expect(() => decodeAlertRuleList(body, context())).toThrow(
      'the rule list arrived paginated (pagination.total_pages = 3)',
    );
    const single = { results: [managed], pagination: { page: 1, total_pages: 1 } };
    expect(decodeAlertRuleList(single, context())).toHaveLength(1);
  });
});

it('a JSON list where an object is due says so, not that a field is missing', () => {
  expect(() => decodeAlertRuleList([], context())).toThrow(
    'the answer is a list, not an object as the contract says',
  );
  expect(() => decodeAlertRuleList('text', context())).toThrow('the answer is a string, not an object');
});
