import { describe, expect, it } from 'vitest';
import { reportLiveRules } from '../../../src/plan/live-report.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';

describe('ghost rules with what is known', () => {
  it('reports a ghost without state or target id as a notice, never an error', () => {
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
    expect(report.diagnostics.map((d) => d.severity)).toEqual(['notice', 'notice']);
    expect(report.diagnostics[0]?.message).toContain('(state unknown, target CLUSTER (id unknown))');
  });
});
