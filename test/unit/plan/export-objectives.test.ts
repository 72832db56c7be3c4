/** Live rules back into the objective that generated them, exactly, or left as rules. */
import { describe, expect, it } from 'vitest';
import { burnRates, ruleOf } from '../../../src/documents/objective-rules.js';
import type { ServiceLevelObjectiveSpec } from '../../../src/documents/types.js';
import { exportObjectives } from '../../../src/kinds/alert-rule/export-objectives.js';
import type { ManagedAlertRule } from '../../../src/service/types.js';

const TARGET = { target_type: 'APPLICATION' as const, target_id: 'a1a1a1a1-0000-4000-8000-000000000301' };
const SPEC: ServiceLevelObjectiveSpec = {
  kind: 'ServiceLevelObjective',
  organization_id: '7f1b2c3d-0000-4000-8000-000000000001',
  cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
  target: TARGET,
  name: 'checkout',
  objective: 99.5,
  window: '28d',
  indicator: { ratio: 'sum(rate(bad[{{.window}}])) / sum(rate(all[{{.window}}]))' },
  alerts: {
    page: { alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'], severity: 'HIGH' },
    ticket: { alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000202'], severity: 'LOW' },
  },
  burn_rates: [
    { long: '2h', short: '10m', urgency: 'page', factor: 10 },
    { long: '1d', short: '2h', urgency: 'ticket', factor: 2 },
  ],
  enabled: false,
  presentation: { summary: 'checkout is failing', runbook_url: 'https://runbooks.example.com/checkout' },
};

/** The live rules of `spec`, as the service lists them (last pair first). */
function live(spec: ServiceLevelObjectiveSpec): ManagedAlertRule[] {
  return burnRates(spec)
    .map((rate, i) => {
      const rule = ruleOf(spec, rate);
      return {
        source: 'MANAGED',
        id: `3c0e6f0a-0000-4000-8000-00000000000${i}`,
        created_at: '2026-11-20T00:00:00Z',
        organization_id: spec.organization_id!,
        cluster_id: spec.cluster_id!,
        name: rule.name,
        description: rule.description!,
        tag: rule.tag!,
        condition: rule.condition,
        for_duration: rule.for_duration,
        severity: rule.severity,
        enabled: rule.enabled ?? true,
        alert_receiver_ids: rule.alert_receiver_ids!,
        presentation: { summary: rule.presentation!.summary, runbook_url: rule.presentation!.runbook_url },
        target: TARGET,
        state: 'READY',
        is_up_to_date: true,
      } as ManagedAlertRule;
    })
    .reverse();
}

describe('exportObjectives', () => {
  it('reads back a ratio indicator, overridden pairs, a window, a summary and a disabled objective', () => {
    const { documents, rules } = exportObjectives(live(SPEC));
    expect(rules).toEqual([]);
    expect(documents.map((d) => d.fileName)).toEqual(['slo-checkout.yaml']);
    const text = documents[0]!.text;
    expect(text).toContain('ratio: sum(rate(bad[{{.window}}])) / sum(rate(all[{{.window}}]))');
    expect(text).toContain('window: 28d');
    expect(text).toContain('summary: checkout is failing');
    expect(text).toContain('enabled: false');
    expect(text).toContain('- long: 2h\n    short: 10m\n    urgency: page\n    factor: 10');
    expect(text).toContain('2h-10m: 3c0e6f0a-0000-4000-8000-000000000000');
  });

  it('writes references by id, each with the reason a rule gets, where the name lists do not name them', () => {
    const [document] = exportObjectives(live(SPEC), {
      clusters: [{ id: 'c1a5e7e0-0000-4000-8000-000000000999', name: 'other' }],
      services: null,
      projects: null,
      environments: null,
      receivers: [{ id: '5e1ec7ed-0000-4000-8000-000000000201', name: 'oncall' }],
    }).documents;
    const text = document!.text;
    expect(text).toContain(
      '# By id: no cluster of the organization has this id.\ncluster_id: c1a5e7e0-0000-4000-8000-000000000101',
    );
    expect(text).toContain(
      "# By id: the services of the organization could not be read (see the export's warning).\ntarget:\n  target_type: APPLICATION",
    );
    // The page receiver is named; the ticket one, unknown to the list, stays an id and says why.
    expect(text).toContain('  page:\n    alert_receivers:\n      - oncall\n    severity: HIGH');
    expect(text).toContain(
      '  ticket:\n    # By id: no receiver of the organization has the id 5e1ec7ed-0000-4000-8000-000000000202.\n    alert_receiver_ids:',
    );
    expect(document!.byId).toBe(3);
    // What export validates: every reference by id, with no comment.
    expect(document!.idText).not.toContain('# By id');
    expect(document!.idText).toContain('alert_receiver_ids:\n      - 5e1ec7ed-0000-4000-8000-000000000201');
    // Without lists, the id form only.
    expect(exportObjectives(live(SPEC)).documents[0]!.text).toBe(document!.idText);
  });

  it('keeps as rules those an objective does not give again: a missing pair, a changed query, mixed objectives', () => {
    const all = live(SPEC);
    const edited = all.map((r, i) =>
      i === 0
        ? { ...r, condition: { ...r.condition, promql: r.condition.promql.replace(' > 0.01 ', ' > 0.02 ') } }
        : r,
    );
    expect(exportObjectives(edited).documents).toEqual([]);
    expect(exportObjectives(edited).rules).toHaveLength(2);
    const mixed = all.map((r, i) =>
      i === 0 ? { ...r, description: r.description.replace('99.5%', '99.9%') } : r,
    );
    expect(exportObjectives(mixed).documents).toEqual([]);
    const noComparison = all.map((r) => ({ ...r, condition: { ...r.condition, promql: 'up' } }));
    expect(exportObjectives(noComparison).documents).toEqual([]);
    const noBrackets = all.map((r) => ({ ...r, condition: { ...r.condition, promql: 'up > 1 and up > 1' } }));
    expect(exportObjectives(noBrackets).documents).toEqual([]);
    const written = { ...all[0]!, description: 'written by hand' };
    expect(exportObjectives([written]).rules).toEqual([written]);
  });
});
