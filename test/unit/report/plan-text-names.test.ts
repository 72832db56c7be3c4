import { describe, expect, it } from 'vitest';
import { formatPlanText } from '../../../src/report/plan-text.js';
import {
  createdPagingNewReceiver,
  createdWithNames,
  deletedWithNames,
  namedPlanReport,
  PROD_EU,
  receiversUpdated,
  receiversUpdatedToNewReceiver,
  SLACK_ONCALL,
} from './named-scenarios.js';
import { plan } from './report-factory.js';

const text = (changes: Parameters<typeof plan>[0]) => formatPlanText(plan(changes), { color: false });

describe('the terminal plan, by name', () => {
  it('shows a new rule with its cluster, target and receivers by name, each id after its name', () => {
    const lines = text([createdWithNames]).split('\n');
    expect(lines).toContain('      cluster:          prod-eu (c1a5e7e0-0000-4000-8000-000000000101)');
    expect(lines).toContain(
      '      target:           api in shop/production · APPLICATION (a1a1a1a1-0000-4000-8000-000000000301)',
    );
    expect(lines).toContain(
      '      alert_receivers:  slack-oncall (5e1ec7ed-0000-4000-8000-000000000201), email-platform (5e1ec7ed-0000-4000-8000-000000000202)',
    );
    expect(lines.join('\n')).not.toMatch(/cluster_id|target\.target_id|alert_receiver_ids/);
  });

  it('shows a receivers change as receivers added and removed, and what the rule watches', () => {
    const lines = text([receiversUpdated]).split('\n');
    expect(lines).toContain(
      '      watches worker in shop/production · APPLICATION (a1a1a1a1-0000-4000-8000-000000000302) on cluster prod-eu (c1a5e7e0-0000-4000-8000-000000000101)',
    );
    expect(lines).toContain(
      '      alert_receivers: + slack-oncall (5e1ec7ed-0000-4000-8000-000000000201), − email-platform (5e1ec7ed-0000-4000-8000-000000000202); unchanged: slack-low-priority (5e1ec7ed-0000-4000-8000-000000000203)',
    );
  });

  it('shows a receiver this apply creates by its name and says so, never an id it does not have', () => {
    const shown = text([createdPagingNewReceiver]);
    expect(shown).toContain(
      '      alert_receivers:  slack-oncall (5e1ec7ed-0000-4000-8000-000000000201), slack-platform (created by this apply)',
    );
    expect(shown).not.toContain('new-receiver:');
    // Nor the reference it is awaited by, nor a missing id.
    expect(shown).not.toMatch(/"kind"|\bnull\b|\bAlertReceiver\b/);
  });

  it('shows a receiver this apply creates, added by an update, by its name and says so', () => {
    const shown = text([receiversUpdatedToNewReceiver]);
    expect(shown).toContain(
      '      alert_receivers: + slack-platform (created by this apply), − email-platform (5e1ec7ed-0000-4000-8000-000000000202); unchanged: slack-low-priority (5e1ec7ed-0000-4000-8000-000000000203)',
    );
    expect(shown).not.toMatch(/"kind"|\bnull\b|\bAlertReceiver\b/);
  });

  it('colours an added receiver green and a removed one red', () => {
    const coloured = formatPlanText(plan([receiversUpdated]), { color: true });
    expect(coloured).toContain('\u001b[32m+ slack-oncall');
    expect(coloured).toContain('\u001b[31m− email-platform');
  });

  it('says what a deleted rule watched', () => {
    expect(text([deletedWithNames])).toContain(
      '      watches api in shop/production · APPLICATION (a1a1a1a1-0000-4000-8000-000000000301) on cluster prod-eu',
    );
  });

  it('says what a rule watches by id where only its cluster is named', () => {
    const unnamedTarget = {
      ...deletedWithNames,
      references: {
        ...deletedWithNames.references!,
        target: { ...deletedWithNames.references!.target!, name: null },
      },
    };
    expect(text([unnamedTarget])).toContain(
      '      watches APPLICATION a1a1a1a1-0000-4000-8000-000000000301 on cluster prod-eu (c1a5e7e0-0000-4000-8000-000000000101)',
    );
  });

  it('shows a cluster target by its name, and a rule with no named target by its cluster', () => {
    const onCluster = {
      ...createdWithNames,
      diff: createdWithNames.diff.map((d) =>
        d.path === 'target.target_type'
          ? { ...d, after: 'CLUSTER' }
          : d.path === 'target.target_id'
            ? { ...d, after: PROD_EU.id }
            : d,
      ),
      references: { ...createdWithNames.references!, target: { ...PROD_EU, type: 'CLUSTER', within: null } },
    };
    expect(text([onCluster])).toContain(
      '      target:           prod-eu · CLUSTER (c1a5e7e0-0000-4000-8000-000000000101)',
    );
    const added = {
      ...receiversUpdated,
      diff: [{ path: 'alert_receiver_ids', before: [], after: [SLACK_ONCALL.id] }],
      references: { cluster: PROD_EU, target: null, receivers: [SLACK_ONCALL] },
    };
    const lines = text([added]).split('\n');
    expect(lines).toContain('      on cluster prod-eu (c1a5e7e0-0000-4000-8000-000000000101)');
    expect(lines).toContain('      alert_receivers: + slack-oncall (5e1ec7ed-0000-4000-8000-000000000201)');
  });

  it('shows the ids, as before, when the change knows no names', () => {
    const { references: _r, ...bare } = createdWithNames;
    const { references: _u, referencesBefore: _b, ...bareUpdate } = receiversUpdated;
    const output = text([bare, bareUpdate]);
    expect(output).toContain('      cluster_id:         "c1a5e7e0-0000-4000-8000-000000000101"');
    expect(output).toContain('      target.target_id:   "a1a1a1a1-0000-4000-8000-000000000301"');
    expect(output).toContain(
      '      alert_receiver_ids: ["5e1ec7ed-0000-4000-8000-000000000203", "5e1ec7ed-0000-4000-8000-000000000202"] → ["5e1ec7ed-0000-4000-8000-000000000203", "5e1ec7ed-0000-4000-8000-000000000201"]',
    );
    expect(output).not.toContain('watches');
    expect(output).not.toContain('alert_receivers:');
  });

  it('shows an id whose name is not known as the id alone', () => {
    const unnamed = {
      ...createdWithNames,
      references: {
        cluster: { id: 'c1a5e7e0-0000-4000-8000-000000000101', name: null },
        target: { ...createdWithNames.references!.target!, name: null },
        receivers: [{ id: '5e1ec7ed-0000-4000-8000-000000000201', name: 'slack-oncall' }],
      },
    };
    const output = text([unnamed]);
    expect(output).toContain('      cluster_id:         "c1a5e7e0-0000-4000-8000-000000000101"');
    expect(output).toContain('      target.target_id:   "a1a1a1a1-0000-4000-8000-000000000301"');
    expect(output).toContain(
      '      alert_receivers:    slack-oncall (5e1ec7ed-0000-4000-8000-000000000201), 5e1ec7ed-0000-4000-8000-000000000202',
    );
  });

  it('passes names through the output boundary', () => {
    const hostile = {
      ...createdWithNames,
      references: {
        ...createdWithNames.references!,
        cluster: { id: 'c1a5e7e0-0000-4000-8000-000000000101', name: 'prod\n::error::forged' },
      },
    };
    expect(text([hostile])).toContain('prod\\u000a::error::forged (c1a5e7e0');
    expect(namedPlanReport.plan).not.toBeNull();
  });
});
