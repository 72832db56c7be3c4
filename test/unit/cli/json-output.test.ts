import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { renderJson } from '../../../src/report/json-output.js';
import type { RunReport } from '../../../src/run/reports.js';

const report: RunReport = {
  command: 'plan',
  diagnostics: [
    {
      severity: 'error',
      file: 'alerting/api.yaml',
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 9,
      code: 'schema.enum',
      message: 'severity must be one of LOW, MEDIUM, HIGH, CRITICAL; token s3cr3t-token leaked',
    },
  ],
  plan: {
    organizations: ['o1'],
    changes: [
      {
        kind: 'AlertRule',
        action: 'update',
        id: 'r1',
        against: {},
        name: 'api-latency',
        organizationId: 'o1',
        clusterId: 'c1',
        file: 'alerting/api.yaml',
        line: 1,
        diff: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
        request: {} as never,
      },
      {
        kind: 'AlertRule',
        action: 'noop',
        id: 'r2',
        name: 'api-errors',
        organizationId: 'o1',
        clusterId: 'c1',
        file: 'alerting/api.yaml',
        line: 20,
        diff: [],
      },
    ],
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  },
  components: [],
  results: [],
  requests: { total: 1, byOperation: { getAlertRules: 1 } },
  durationMs: 12.4,
  skipped: [],
  clusters: [],
};

describe('renderJson', () => {
  it('prints the contract shape, redacted', () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t-token');
    const text = renderJson(report, redactor);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('s3cr3t-token');
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(['diagnostics', 'changes', 'results', 'requests', 'summary', 'exitCode']),
    );
    expect(json.diagnostics[0]).toEqual({
      severity: 'error',
      file: 'alerting/api.yaml',
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 9,
      code: 'schema.enum',
      message: 'severity must be one of LOW, MEDIUM, HIGH, CRITICAL; token *** leaked',
    });
    expect(json.changes[0]).toEqual({
      kind: 'AlertRule',
      action: 'update',
      id: 'r1',
      name: 'api-latency',
      organizationId: 'o1',
      clusterId: 'c1',
      file: 'alerting/api.yaml',
      line: 1,
      diff: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
    });
    expect(json.requests).toEqual({ total: 1, byOperation: { getAlertRules: 1 } });
    expect(json.summary).toMatchObject({ create: 0, update: 1, delete: 0, unchanged: 1, errors: 1 });
    expect(json.exitCode).toBe(1);
    expect(json.durationMs).toBe(12);
  });
});
