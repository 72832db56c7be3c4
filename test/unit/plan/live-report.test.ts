import { describe, expect, it } from 'vitest';
import { reportLiveRules } from '../../../src/kinds/alert-rule/live-report.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';

describe('ghost rules with what is known', () => {
  it('lists a ghost without state or target id with what is known, never an error', () => {
    const report = reportLiveRules(
      ACME,
      [
        {
          source: 'GHOST',
          name: 'partial',
          state: null,
          target: { target_type: 'CLUSTER' },
          starts_at: null,
        },
        { source: 'GHOST', name: 'bare', state: 'OK', target: null, starts_at: null },
      ],
      new Map(),
    );
    expect(report.ghosts).toEqual([
      { id: null, name: 'partial', organizationId: ACME, clusterId: null, state: 'unknown' },
      { id: null, name: 'bare', organizationId: ACME, clusterId: null, state: 'OK' },
    ]);
    // Each ghost is listed; one notice per organization says what they are, with their count.
    expect(report.diagnostics.map((d) => [d.severity, d.code])).toEqual([['notice', 'plan.ghost-rule']]);
    expect(report.diagnostics[0]?.message).toContain('2 alert rules exist in the alerting system');
  });
});
