import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { ReceiverUpdate } from '../../../src/model/alert-receiver-change.js';
import type { Plan } from '../../../src/model/types.js';
import { writeBack } from '../../../src/plan/drift-write-back.js';
import { testChange } from '../../helpers/changes.js';

const RULES = `# Alert rules of the API team.
# Owner: #api-oncall
kind: AlertRule
name: 'api-p99-latency'   # keep the name: dashboards link to it
cluster: prod-eu
target: {cluster: prod-eu}
condition:
  kind: CUSTOM
  promql: "histogram_quantile(0.99, sum(rate(http_request_duration_seconds_bucket[5m])) by (le))"
  operator: ABOVE
  # agreed with the team in the incident review
  threshold: 0.5
for_duration: PT5M
severity: HIGH

alert_receivers:
  - slack-oncall   # the on-call channel
---
# The second rule stays as it is.
kind: AlertRule
name: "disk-full"
cluster: prod-eu
target: {cluster: prod-eu}
condition: {kind: CUSTOM, promql: "disk > 0.9"}
for_duration: PT10M
severity: LOW
alert_receivers: [slack-oncall]
`;

const RECEIVERS = [
  { id: 'aaaa0000-0000-4000-8000-000000000001', name: 'slack-oncall' },
  { id: 'aaaa0000-0000-4000-8000-000000000002', name: 'pager' },
  { id: 'aaaa0000-0000-4000-8000-000000000003', name: 'twin' },
  { id: 'aaaa0000-0000-4000-8000-000000000004', name: 'twin' },
];

function plan(changes: Plan['changes']): Plan {
  return {
    organizations: ['o'],
    changes,
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  };
}

function run(
  p: Plan,
  files: Record<string, string>,
  adoptable = [] as Parameters<typeof writeBack>[0]['adoptable'],
) {
  return writeBack({
    plan: p,
    files: new Map(Object.entries(files)),
    receivers: new Map([['o', RECEIVERS]]),
    adoptable,
    adoptInto: 'alerts/adopted/{cluster}.yaml',
  });
}

describe('writeBack', () => {
  it('changes a threshold in place and leaves every other byte of the file as it was', () => {
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'alerts/api.yaml',
      line: 3,
      diff: [{ path: 'condition.threshold', before: 0.8, after: 0.5 }],
    });
    const out = run(plan([change]), { 'alerts/api.yaml': RULES });
    expect(out.files).toEqual([
      { path: 'alerts/api.yaml', text: RULES.replace('threshold: 0.5', 'threshold: 0.8') },
    ]);
    expect(out.adopted).toEqual([
      { kind: 'AlertRule', name: 'api-p99-latency', file: 'alerts/api.yaml', change, id: 'r-1' },
    ]);
  });

  it('edits the second document of a file, keeping its quoting and flow style', () => {
    const change = testChange('update', {
      name: 'disk-full',
      file: 'f.yaml',
      line: 21,
      diff: [
        { path: 'for_duration', before: 'PT15M', after: 'PT10M' },
        { path: 'severity', before: 'HIGH', after: 'LOW' },
        { path: 'name', before: 'disk-full', after: 'disk-full' },
      ],
    });
    const out = run(plan([change]), { 'f.yaml': RULES });
    expect(out.files[0]!.text).toBe(
      RULES.replace('PT10M', 'PT15M').replace('severity: LOW', 'severity: HIGH'),
    );
  });

  it('writes receivers added in the console by their name, keeping the commented item, and ids where a name is shared', () => {
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      line: 1,
      diff: [
        {
          path: 'alert_receiver_ids',
          before: [RECEIVERS[0]!.id, RECEIVERS[1]!.id.toUpperCase(), RECEIVERS[2]!.id],
          after: [RECEIVERS[0]!.id],
        },
      ],
    });
    const text = run(plan([change]), { 'f.yaml': RULES }).files[0]!.text;
    expect(text).toContain('  - slack-oncall # the on-call channel\n  - pager\n');
    expect(text).toContain(`alert_receiver_ids:\n  - ${RECEIVERS[2]!.id}\n`);
    // Everything else kept: the comments, the key order, the quoting.
    expect(text).toContain("# Owner: #api-oncall\nkind: AlertRule\nname: 'api-p99-latency'");
    expect(text).toContain('  # agreed with the team in the incident review\n  threshold: 0.5');
    // The reprinted document writes its flow maps as the file did.
    expect(text.split('---')[0]).toContain('target: {cluster: prod-eu}\n');
    const [first, second] = parseAllDocuments(text).map((d) => d.toJS());
    expect(Object.keys(first)).toEqual([
      'kind',
      'name',
      'cluster',
      'target',
      'condition',
      'for_duration',
      'severity',
      'alert_receivers',
      'alert_receiver_ids',
    ]);
    expect(second).toEqual(parseAllDocuments(RULES)[1]!.toJS());
    // The second document is byte for byte what it was.
    expect(text.slice(text.indexOf('---'))).toBe(RULES.slice(RULES.indexOf('---')));
  });

  it('removes a receiver taken out in the console', () => {
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      diff: [{ path: 'alert_receiver_ids', before: [RECEIVERS[1]!.id], after: [RECEIVERS[0]!.id] }],
    });
    const first = parse(run(plan([change]), { 'f.yaml': RULES }).files[0]!.text.split('---')[0]!);
    expect(first.alert_receivers).toEqual(['pager']);
    expect(first.alert_receiver_ids).toBeUndefined();
  });

  it('removes a threshold and an operator the console cleared, and leaves defaults out', () => {
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      diff: [
        { path: 'condition.operator', before: 'NONE', after: 'ABOVE' },
        { path: 'condition.threshold', before: null, after: 0.5 },
        { path: 'presentation.summary', before: 'p99 over budget', after: null },
      ],
    });
    const first = parse(run(plan([change]), { 'f.yaml': RULES }).files[0]!.text.split('---')[0]!);
    expect(first.condition).toEqual({
      kind: 'CUSTOM',
      promql: 'histogram_quantile(0.99, sum(rate(http_request_duration_seconds_bucket[5m])) by (le))',
    });
    expect(first.presentation).toEqual({ summary: 'p99 over budget' });
    expect('description' in first).toBe(false);
  });

  it('writes a default back only where the document wrote the field', () => {
    const withTag = RULES.replace('severity: HIGH', 'severity: HIGH\ntag: latency\nenabled: false');
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      diff: [
        { path: 'tag', before: '', after: 'latency' },
        { path: 'enabled', before: true, after: false },
      ],
    });
    const first = parse(run(plan([change]), { 'f.yaml': withTag }).files[0]!.text.split('---')[0]!);
    expect(first.tag).toBe('');
    expect(first.enabled).toBe(true);
    const absent = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      diff: [{ path: 'description', before: '', after: 'x' }],
    });
    // The document has no description: an empty live one leaves the file as it was.
    expect(run(plan([absent]), { 'f.yaml': RULES }).files).toEqual([]);
  });

  it('quotes a string that would read as another value when written plain', () => {
    const change = testChange('update', {
      name: 'disk-full',
      file: 'f.yaml',
      line: 25,
      diff: [{ path: 'for_duration', before: 'true', after: 'PT10M' }],
    });
    expect(run(plan([change]), { 'f.yaml': RULES }).files[0]!.text).toContain('for_duration: "true"\n');
  });

  it("edits a receiver's fields and never its secret", () => {
    const doc = `kind: AlertReceiver
name: slack-oncall   # the channel
type: SLACK
description: old
webhook_url: {valueFrom: {env: SLACK_WEBHOOK}}
`;
    const change = {
      kind: 'AlertReceiver',
      action: 'update',
      id: 'x',
      name: 'slack-oncall',
      type: 'SLACK',
      organizationId: 'o',
      file: 'r.yaml',
      line: 1,
      diff: [
        { path: 'description', before: 'the new channel', after: 'old' },
        { path: 'send_resolved', before: false, after: true },
        { path: 'owner', before: null, after: null },
      ],
    } as unknown as ReceiverUpdate;
    const text = run(plan([change]), { 'r.yaml': doc }).files[0]!.text;
    expect(text).toBe(
      'kind: AlertReceiver\nname: slack-oncall # the channel\ntype: SLACK\ndescription: the new channel\n' +
        'webhook_url: {valueFrom: {env: SLACK_WEBHOOK}}\nsend_resolved: false\n',
    );
    const retyped = {
      ...change,
      diff: [{ path: 'type', before: 'EMAIL', after: 'SLACK' }],
    } as ReceiverUpdate;
    const out = run(plan([retyped]), { 'r.yaml': doc });
    expect(out.files).toEqual([]);
    expect(out.notWritten).toEqual([
      { name: 'slack-oncall', file: 'r.yaml', reason: 'its type was changed outside git' },
    ]);
  });

  it('adds what the console made to one file per cluster, after what the file holds', () => {
    const out = run(
      plan([]),
      { 'alerts/adopted/prod-eu.yaml': '# adopted rules\nkind: AlertRule\nname: a\n' },
      [
        {
          kind: 'AlertRule',
          id: 'n1',
          name: 'new',
          clusterName: 'prod-eu',
          text: '# Exported\nkind: AlertRule\nname: new\n',
        },
        {
          kind: 'AlertRule',
          id: 'n2',
          name: 'other',
          clusterName: 'Staging US',
          text: 'kind: AlertRule\nname: other\n',
        },
        {
          kind: 'AlertReceiver',
          id: 'n3',
          name: 'pager',
          clusterName: null,
          text: 'kind: AlertReceiver\nname: pager\n',
        },
      ],
    );
    expect(out.files).toEqual([
      {
        path: 'alerts/adopted/prod-eu.yaml',
        text: '# adopted rules\nkind: AlertRule\nname: a\n---\n# Exported\nkind: AlertRule\nname: new\n',
      },
      { path: 'alerts/adopted/receivers.yaml', text: 'kind: AlertReceiver\nname: pager\n' },
      { path: 'alerts/adopted/staging-us.yaml', text: 'kind: AlertRule\nname: other\n' },
    ]);
    expect(out.adopted.map((a) => [a.name, a.file, a.change])).toEqual([
      ['new', 'alerts/adopted/prod-eu.yaml', null],
      ['other', 'alerts/adopted/staging-us.yaml', null],
      ['pager', 'alerts/adopted/receivers.yaml', null],
    ]);
  });

  it('never removes a document whose rule the console deleted: it is left for a person', () => {
    const gone = testChange('create', { name: 'disk-full', file: 'f.yaml', line: 20 });
    const out = run(plan([gone]), { 'f.yaml': RULES });
    expect(out.files).toEqual([]);
    expect(out.toDecide).toEqual([
      { kind: 'AlertRule', name: 'disk-full', file: 'f.yaml', line: 20, why: 'create', change: gone },
    ]);
  });

  it('says so when a change names a file it was not given or a line with another document', () => {
    const change = testChange('update', { name: 'api-p99-latency', file: 'gone.yaml', diff: [] });
    const elsewhere = testChange('update', { name: 'not-here', file: 'f.yaml', line: 1, diff: [] });
    const out = run(plan([change, elsewhere]), { 'f.yaml': RULES });
    expect(out.notWritten).toEqual([
      { name: 'api-p99-latency', file: 'gone.yaml', reason: 'its file could not be read' },
      { name: 'not-here', file: 'f.yaml', reason: 'its document was not found at its line' },
    ]);
    expect(out.files).toEqual([]);
  });

  it('keeps a receiver the document lists twice once, and names the deleted documents a finding points at', () => {
    const twice = RULES.replace(
      'alert_receivers:\n  - slack-oncall   # the on-call channel\n',
      `alert_receiver_ids:\n  - ${RECEIVERS[0]!.id}\n  - ${RECEIVERS[0]!.id.toUpperCase()}\n`,
    );
    const change = testChange('update', {
      name: 'api-p99-latency',
      file: 'f.yaml',
      diff: [
        {
          path: 'alert_receiver_ids',
          before: [RECEIVERS[0]!.id, RECEIVERS[1]!.id],
          after: [RECEIVERS[0]!.id],
        },
      ],
    });
    const first = parse(run(plan([change]), { 'f.yaml': twice }).files[0]!.text.split('---')[0]!);
    // Listed by id, so a new receiver is written by id too; the repeated id is dropped.
    expect(first.alert_receiver_ids).toEqual([RECEIVERS[0]!.id, RECEIVERS[1]!.id]);
    expect(first.alert_receivers).toBeUndefined();

    const finding = (code: string, file: string, line: number) => ({
      severity: 'error' as const,
      file,
      line,
      column: 1,
      endLine: line,
      endColumn: 1,
      code,
      message: 'gone',
    });
    const gone = {
      ...plan([]),
      diagnostics: [
        finding('plan.unknown-id', 'f.yaml', 21),
        finding('plan.receiver-not-found', 'r.yaml', 1),
        finding('plan.unknown-id', 'unread.yaml', 1),
        finding('plan.ghost-rule', 'f.yaml', 1),
      ],
    };
    const out = run(gone, { 'f.yaml': RULES, 'r.yaml': 'kind: AlertReceiver\nname: [not, a, name]\n' });
    expect(out.toDecide).toEqual([
      { kind: 'AlertRule', name: 'disk-full', file: 'f.yaml', line: 21, why: 'deleted' },
      { kind: 'AlertReceiver', name: '', file: 'r.yaml', line: 1, why: 'deleted' },
    ]);
  });

  it('adds a document after a file that does not end its last line', () => {
    const out = run(plan([]), { 'alerts/adopted/prod-eu.yaml': 'kind: AlertRule\nname: a' }, [
      {
        kind: 'AlertRule',
        id: 'n1',
        name: 'new',
        clusterName: 'prod-eu',
        text: 'kind: AlertRule\nname: new\n',
      },
    ]);
    expect(out.files[0]!.text).toBe('kind: AlertRule\nname: a\n---\nkind: AlertRule\nname: new\n');
  });
});
