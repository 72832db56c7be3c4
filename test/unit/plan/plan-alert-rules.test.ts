import { describe, expect, it } from 'vitest';
import { outsideEditsSince } from '../../../src/evidence/outside-edit.js';
import type { PlanInput } from '../../../src/kinds/alert-rule/plan-changes.js';
import { planAlertRules } from '../../../src/kinds/alert-rule/plan-changes.js';
import { refusedDocumentReceiverFindings } from '../../../src/kinds/alert-rule/receiver-names.js';
import type { Change } from '../../../src/model/types.js';
import type { LiveAlertRule } from '../../../src/service/types.js';
import { liveReceiver } from '../../helpers/receivers.js';
import {
  API,
  docs,
  EMAIL,
  live,
  ORG,
  OTHER_ORG,
  PROD,
  RULE_1,
  RULE_2,
  ruleYaml,
  SLACK,
  STAGING,
  WORKER,
} from './fixtures.js';

function plan(files: Record<string, string>, rules: LiveAlertRule[], over: Partial<PlanInput> = {}) {
  return planAlertRules({
    documents: docs(files),
    live: new Map([[ORG, rules]]),
    receivers: null,
    defaultOrganizationId: null,
    prune: false,
    ...over,
  });
}

const errorsOf = (p: ReturnType<typeof plan>) =>
  p.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code }));

describe('planAlertRules: normalization', () => {
  it('plans nothing for a document that says what the service stores', () => {
    const p = plan({ 'a.yaml': ruleYaml() }, [live()]);
    expect(p.changes).toEqual([
      expect.objectContaining({
        action: 'noop',
        id: RULE_1,
        name: 'api-p99-latency',
        file: 'a.yaml',
        line: 1,
        diff: [],
      }),
    ]);
    expect(p.changes[0]).not.toHaveProperty('request');
    expect(p.diagnostics).toEqual([]);
  });

  it('treats documented defaults and equivalent spellings as equal', () => {
    const yaml = ruleYaml({
      description: null,
      tag: null,
      enabled: null,
      presentation: null,
      for_duration: 'PT300S',
      condition: '\n  kind: CUSTOM\n  promql: q\n  threshold: 0.50',
      alert_receiver_ids: `\n  - ${EMAIL.toUpperCase()}\n  - ${SLACK}`,
    });
    const rule = live({
      description: '',
      tag: '',
      presentation: { summary: null, runbook_url: null },
      condition: { kind: 'CUSTOM', promql: 'q', operator: 'NONE', threshold: 0.5, function: 'NONE' },
      alert_receiver_ids: [SLACK, EMAIL],
    });
    expect(plan({ 'a.yaml': yaml }, [rule]).changes[0]?.action).toBe('noop');
  });

  it('sees an operator the document leaves out when the live rule has a real one', () => {
    const yaml = ruleYaml({ condition: '\n  kind: CUSTOM\n  promql: histogram_quantile(0.99, x)' });
    const p = plan({ 'a.yaml': yaml }, [live()]);
    expect(p.changes[0]?.diff).toEqual([
      { path: 'condition.operator', before: 'ABOVE', after: null },
      { path: 'condition.threshold', before: 0.5, after: null },
    ]);
    expect(requestOf(p.changes[0])).toMatchObject({
      condition: { kind: 'CUSTOM', promql: 'histogram_quantile(0.99, x)' },
    });
    expect(Object.keys((requestOf(p.changes[0]) as { condition: object }).condition)).toEqual([
      'kind',
      'promql',
    ]);
  });
});

describe('planAlertRules: updates and creates', () => {
  it('diffs field by field and sends the whole edit request, receivers in document order', () => {
    const yaml = ruleYaml({
      severity: 'CRITICAL',
      for_duration: 'PT10M',
      alert_receiver_ids: `\n  - ${EMAIL}\n  - ${SLACK}`,
    });
    const p = plan({ 'a.yaml': yaml }, [live()]);
    const change = p.changes[0]!;
    expect(change.action).toBe('update');
    expect(change.diff).toEqual([
      { path: 'for_duration', before: 'PT5M', after: 'PT10M' },
      { path: 'severity', before: 'HIGH', after: 'CRITICAL' },
      { path: 'alert_receiver_ids', before: [SLACK], after: [EMAIL, SLACK] },
    ]);
    expect(requestOf(change)).toEqual({
      name: 'api-p99-latency',
      description: 'p99 latency',
      tag: 'latency',
      condition: {
        kind: 'CUSTOM',
        promql: 'histogram_quantile(0.99, x)',
        operator: 'ABOVE',
        threshold: 0.5,
        function: 'NONE',
      },
      for_duration: 'PT10M',
      severity: 'CRITICAL',
      enabled: true,
      alert_receiver_ids: [EMAIL, SLACK],
      presentation: { summary: 'API slow', runbook_url: 'https://runbooks.example/api' },
    });
  });

  it('matches a document without id by cluster_id and name, and creates when nothing matches', () => {
    const matched = ruleYaml({ id: null, severity: 'LOW' });
    const created = ruleYaml({ id: null, name: 'api-new', description: null, presentation: null });
    const p = plan({ 'a.yaml': `${matched}---\n${created}` }, [live()]);
    expect(p.changes.map((c) => [c.action, c.id, c.line])).toEqual([
      ['update', RULE_1, 1],
      ['create', null, 25],
    ]);
    expect(requestOf(p.changes[1])).toEqual({
      organization_id: ORG,
      cluster_id: PROD,
      target: { target_type: 'APPLICATION', target_id: API },
      name: 'api-new',
      description: '',
      tag: 'latency',
      condition: {
        kind: 'CUSTOM',
        promql: 'histogram_quantile(0.99, x)',
        operator: 'ABOVE',
        threshold: 0.5,
        function: 'NONE',
      },
      for_duration: 'PT5M',
      severity: 'HIGH',
      enabled: true,
      alert_receiver_ids: [SLACK],
      presentation: { summary: null, runbook_url: null },
    });
    // A create reads as the new rule: where it lives first, then what the document sets (no empty
    // description, no absent presentation), never a `before`.
    expect(p.changes[1]?.diff.map((d) => d.path)).toEqual([
      'cluster_id',
      'target.target_type',
      'target.target_id',
      'name',
      'tag',
      'condition.kind',
      'condition.promql',
      'condition.operator',
      'condition.threshold',
      'condition.function',
      'for_duration',
      'severity',
      'enabled',
      'alert_receiver_ids',
    ]);
    expect(p.changes[1]?.diff.every((d) => d.before === null)).toBe(true);
  });

  it('uses the default organization for documents that name none', () => {
    const p = plan({ 'a.yaml': ruleYaml({ organization_id: null }) }, [live()], {
      defaultOrganizationId: ORG,
    });
    expect(p.changes[0]).toMatchObject({ action: 'noop', organizationId: ORG });
  });
});

describe('planAlertRules: identity errors at the exact node', () => {
  it('says how to set an organization when there is none', () => {
    const p = plan({ 'a.yaml': ruleYaml({ organization_id: null }) }, [live()]);
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 1, column: 1, code: 'plan.no-organization' }]);
    expect(p.diagnostics[0]?.message).toContain('--org');
    expect(p.changes).toEqual([]);
  });

  it('refuses an id that does not exist live, at `id`', () => {
    const p = plan({ 'a.yaml': ruleYaml({ id: RULE_2 }) }, [live()]);
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 2, column: 1, code: 'plan.unknown-id' }]);
  });

  it('refuses a name that matches several live rules, at `name`', () => {
    const p = plan({ 'a.yaml': ruleYaml({ id: null }) }, [live(), live({ id: RULE_2 })]);
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 7, column: 1, code: 'plan.ambiguous-name' }]);
    expect(p.diagnostics[0]?.message).toContain(RULE_2);
  });

  it('names what a create is missing', () => {
    const p = plan({ 'a.yaml': ruleYaml({ id: null, target: null, name: 'brand-new' }) }, [live()]);
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 3, column: 1, code: 'plan.create-incomplete' }]);
    expect(p.diagnostics[0]?.message).toContain('`target`');
  });

  it('refuses to edit target, cluster_id or organization_id, at each key, and never creates a twin', () => {
    const yaml = ruleYaml({
      cluster_id: STAGING,
      target: `\n  target_type: APPLICATION\n  target_id: ${WORKER}`,
    });
    const p = plan({ 'a.yaml': yaml }, [live()]);
    expect(errorsOf(p)).toEqual([
      { file: 'a.yaml', line: 4, column: 1, code: 'plan.immutable-field' },
      { file: 'a.yaml', line: 5, column: 1, code: 'plan.immutable-field' },
    ]);
    expect(p.diagnostics[1]?.message).toMatch(
      /`target` cannot be edited.*new document without `id`.*delete the rule and recreate/,
    );
    expect(p.changes).toEqual([]);
    expect(p.unmanaged).toEqual([]);
  });

  it('says organization_id cannot be edited when the id names a rule of another organization', () => {
    const p = plan({ 'a.yaml': ruleYaml({ organization_id: OTHER_ORG }) }, [live()], {
      live: new Map([
        [ORG, [live()]],
        [OTHER_ORG, []],
      ]),
    });
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 3, column: 1, code: 'plan.immutable-field' }]);
    expect(p.diagnostics[0]?.message).toMatch(/^`organization_id` cannot be edited/);
    expect(p.changes).toEqual([]);
    // The rule is still declared by a document (one with an error): it is not listed as unmanaged.
    expect(p.unmanaged).toEqual([]);
  });

  it('refuses a changed target on a rule matched by name', () => {
    const yaml = ruleYaml({ id: null, target: `\n  target_type: CONTAINER\n  target_id: ${API}` });
    expect(errorsOf(plan({ 'a.yaml': yaml }, [live()]))).toEqual([
      { file: 'a.yaml', line: 4, column: 1, code: 'plan.immutable-field' },
    ]);
  });

  it('refuses two documents claiming one rule, on both', () => {
    const byId = ruleYaml({ cluster_id: null, target: null });
    const byName = ruleYaml({ id: null, severity: 'LOW' });
    const p = plan({ 'a.yaml': byId, 'b.yaml': byName }, [live()]);
    expect(errorsOf(p)).toEqual([
      { file: 'a.yaml', line: 2, column: 1, code: 'plan.duplicate-document' },
      { file: 'b.yaml', line: 7, column: 1, code: 'plan.duplicate-document' },
    ]);
    expect(p.diagnostics[0]?.message).toContain('a.yaml:1, b.yaml:1');
    expect(p.changes).toEqual([]);
  });
});

describe('planAlertRules: receivers by name', () => {
  const receivers = new Map([
    [
      ORG,
      [
        liveReceiver({ id: SLACK, name: 'slack-oncall', type: 'SLACK' }),
        liveReceiver({ id: EMAIL, name: 'email-platform', type: 'EMAIL' }),
        liveReceiver({ id: RULE_2, name: 'twin', type: 'SLACK' }),
        liveReceiver({ id: API, name: 'twin', type: 'EMAIL' }),
      ],
    ],
  ]);

  it('resolves names to ids with the one list, ids first', () => {
    const yaml = ruleYaml({
      alert_receiver_ids: null,
      alert_receivers: '\n  - email-platform\n  - slack-oncall',
    });
    const p = plan({ 'a.yaml': yaml }, [live()], { receivers });
    expect(p.changes[0]?.diff).toEqual([
      { path: 'alert_receiver_ids', before: [SLACK], after: [EMAIL, SLACK] },
    ]);
  });

  it('reports unknown and ambiguous names on their item', () => {
    const yaml = ruleYaml({ alert_receivers: '\n  - nobody\n  - twin' });
    const p = plan({ 'a.yaml': yaml }, [live()], { receivers });
    expect(errorsOf(p)).toEqual([
      { file: 'a.yaml', line: 26, column: 5, code: 'plan.unknown-receiver' },
      { file: 'a.yaml', line: 27, column: 5, code: 'plan.ambiguous-receiver' },
    ]);
    expect(p.diagnostics[0]?.message).toContain('Known receivers: email-platform, slack-oncall, twin.');
    const typo = ruleYaml({ alert_receivers: '\n  - slack-oncal' });
    expect(plan({ 'a.yaml': typo }, [live()], { receivers }).diagnostics[0]?.message).toContain(
      'Did you mean "slack-oncall"?',
    );
  });

  it('offers the closest receivers as every name kind does: an abbreviation too, a name of twins once', () => {
    const short = ruleYaml({ alert_receivers: '\n  - slack' });
    expect(plan({ 'a.yaml': short }, [live()], { receivers }).diagnostics[0]?.message).toContain(
      'No alert receiver is named "slack" in organization',
    );
    expect(plan({ 'a.yaml': short }, [live()], { receivers }).diagnostics[0]?.message).toMatch(
      /Did you mean "slack-oncall"\?$/,
    );
    const twins = ruleYaml({ alert_receivers: '\n  - twins' });
    expect(plan({ 'a.yaml': twins }, [live()], { receivers }).diagnostics[0]?.message).toMatch(
      /Did you mean "twin"\?$/,
    );
  });

  it("checks the receivers of documents refused for a name, only where the organization's were read", () => {
    const typo = docs({ 'a.yaml': ruleYaml({ alert_receivers: '\n  - slack-oncal' }) });
    expect(refusedDocumentReceiverFindings(typo, null, receivers).map((d) => [d.line, d.code])).toEqual([
      [26, 'plan.unknown-receiver'],
    ]);
    expect(refusedDocumentReceiverFindings(typo, null, null)).toEqual([]);
    expect(refusedDocumentReceiverFindings(typo, null, new Map([[OTHER_ORG, []]]))).toEqual([]);
    const noOrganization = docs({
      'a.yaml': ruleYaml({ organization_id: null, alert_receivers: '\n  - x' }),
    });
    expect(refusedDocumentReceiverFindings(noOrganization, null, receivers)).toEqual([]);
  });

  it('cannot resolve names without the receivers list', () => {
    const yaml = ruleYaml({ alert_receivers: '\n  - slack-oncall' });
    expect(errorsOf(plan({ 'a.yaml': yaml }, [live()]))[0]?.code).toBe('plan.receivers-unavailable');
  });
});

describe("planAlertRules: receiver ids checked against the organization's receivers", () => {
  const UNKNOWN = '0badbeef-0000-4000-8000-000000000299';
  const receivers = new Map([
    [
      ORG,
      [
        liveReceiver({ id: SLACK, name: 'slack-oncall', type: 'SLACK' }),
        liveReceiver({ id: EMAIL, name: 'email-platform', type: 'EMAIL' }),
      ],
    ],
  ]);

  it('reports an id the organization has no receiver with on its item, and plans no change for the rule', () => {
    const yaml = ruleYaml({
      alert_receiver_ids: `\n  - ${SLACK.toUpperCase()}\n  - ${UNKNOWN}`,
      severity: 'LOW',
    });
    const p = plan({ 'a.yaml': yaml }, [live()], { receivers });
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 22, column: 5, code: 'plan.unknown-receiver' }]);
    expect(p.diagnostics[0]?.message).toBe(
      `No alert receiver has the id ${UNKNOWN} in organization ${ORG}: the service would refuse this rule. ` +
        'Use the id of one of its receivers, or name one in `alert_receivers`. ' +
        `Its receivers: email-platform (${EMAIL}), slack-oncall (${SLACK}).`,
    );
    expect(p.changes).toEqual([]);
  });

  it('checks the ids of a new rule too, and says when the organization has none', () => {
    const yaml = ruleYaml({ id: null, name: 'api-new', alert_receiver_ids: `\n  - ${UNKNOWN}` });
    const p = plan({ 'a.yaml': yaml }, [], { receivers: new Map([[ORG, []]]) });
    expect(errorsOf(p)).toEqual([{ file: 'a.yaml', line: 20, column: 5, code: 'plan.unknown-receiver' }]);
    expect(p.diagnostics[0]?.message).toMatch(/ The organization has no receivers\.$/);
    expect(p.changes).toEqual([]);
  });

  it('plans as before when every id is a receiver, and checks nothing without the list', () => {
    const known = ruleYaml({ alert_receiver_ids: `\n  - ${EMAIL}\n  - ${SLACK}` });
    expect(plan({ 'a.yaml': known }, [live()], { receivers }).diagnostics).toEqual([]);
    const unknown = ruleYaml({ alert_receiver_ids: `\n  - ${UNKNOWN}` });
    expect(errorsOf(plan({ 'a.yaml': unknown }, [live()]))).toEqual([]);
  });
});

describe('planAlertRules: live rules it does not change', () => {
  it('lists ghosts (notice), outdated rules (warning on the document) and unmanaged rules', () => {
    const rules: LiveAlertRule[] = [
      live({ is_up_to_date: false }),
      live({ id: RULE_2, name: 'console-made', is_up_to_date: false }),
      { source: 'GHOST', name: 'old', state: 'TRIGGERED', target: null, starts_at: null },
    ];
    const p = plan({ 'a.yaml': ruleYaml() }, rules);
    expect(p.ghosts).toEqual([
      { id: null, name: 'old', organizationId: ORG, clusterId: null, state: 'TRIGGERED' },
    ]);
    expect(p.outdated.map((r) => r.id)).toEqual([RULE_1, RULE_2]);
    expect(p.unmanaged.map((r) => r.id)).toEqual([RULE_2]);
    expect(p.diagnostics.map((d) => [d.severity, d.code, d.file, d.line])).toEqual([
      ['warning', 'plan.rule-not-up-to-date', '', 1],
      ['warning', 'plan.rule-not-up-to-date', 'a.yaml', 8],
      ['notice', 'plan.ghost-rule', '', 1],
    ]);
  });

  it('ignores documents of an organization whose rules were not read', () => {
    const p = plan({ 'a.yaml': ruleYaml({ organization_id: OTHER_ORG }) }, [live()]);
    expect(p.changes).toEqual([]);
    expect(p.organizations).toEqual([ORG]);
    expect(p.unread).toEqual([OTHER_ORG]);
    expect(plan({ 'a.yaml': ruleYaml() }, [live()])).not.toHaveProperty('unread');
  });
});

describe('planAlertRules: prune and outside edits', () => {
  const removed = docs({ 'gone.yaml': ruleYaml({ id: RULE_2, name: 'gone' }) });

  it('deletes the rule of a removed document only with prune', () => {
    const rules = [live(), live({ id: RULE_2, name: 'gone' })];
    const pruned = plan({ 'a.yaml': ruleYaml() }, rules, { removed, prune: true });
    expect(pruned.changes.map((c) => [c.action, c.id, c.file])).toEqual([
      ['noop', RULE_1, 'a.yaml'],
      ['delete', RULE_2, 'gone.yaml'],
    ]);
    expect(pruned.unmanaged).toEqual([]);
    const kept = plan({ 'a.yaml': ruleYaml() }, rules, { removed, prune: false });
    expect(kept.changes.map((c) => c.action)).toEqual(['noop']);
    expect(kept.diagnostics.map((d) => d.code)).toEqual(['plan.removed-not-pruned']);
  });

  it('never deletes a rule a remaining document declares, nor one already gone', () => {
    const moved = docs({ 'gone.yaml': ruleYaml() });
    expect(
      plan({ 'b.yaml': ruleYaml() }, [live()], { removed: moved, prune: true }).changes.map((c) => c.action),
    ).toEqual(['noop']);
    expect(
      plan({ 'a.yaml': ruleYaml() }, [live()], { removed, prune: true }).changes.map((c) => c.action),
    ).toEqual(['noop']);
  });

  it('says which fields an update overwrites that were edited outside git', () => {
    const previous = docs({ 'a.yaml': ruleYaml({ severity: 'HIGH', tag: 'latency' }) });
    const edited = live({ severity: 'LOW' });
    const outsideEdits = outsideEditsSince(previous, null, null);
    const p = plan({ 'a.yaml': ruleYaml({ tag: 'slo' }) }, [edited], { outsideEdits });
    expect(p.changes[0]?.diff.map((d) => d.path)).toEqual(['tag', 'severity']);
    expect(outsideEditOf(p.changes[0])).toEqual([{ path: 'severity', before: 'HIGH', after: 'LOW' }]);
    const untouched = plan({ 'a.yaml': ruleYaml({ tag: 'slo' }) }, [live()], { outsideEdits });
    expect(untouched.changes[0]).not.toHaveProperty('outsideEdit');
  });
});

/** The body a rule's create or update sends; any other change fails the test. */
function requestOf(change: Change | undefined) {
  const rule = ruleOf(change);
  if (rule.action !== 'create' && rule.action !== 'update') {
    throw new Error(`expected a create or an update, got ${rule.action}`);
  }
  return rule.request;
}

function outsideEditOf(change: Change | undefined) {
  const rule = ruleOf(change);
  if (rule.action !== 'update') throw new Error(`expected an update, got ${rule.action}`);
  return rule.outsideEdit;
}

/** The change as an alert rule's; any other kind (or none) fails the test. */
function ruleOf(change: Change | undefined) {
  if (change?.kind !== 'AlertRule') throw new Error(`expected an alert rule's change, got ${change?.kind}`);
  return change;
}
