import type { Diagnostic } from '../../../src/core/diagnostic.js';
import { parseFiles } from '../../../src/documents/index.js';
import type { LoadResult } from '../../../src/documents/types.js';

export function parseText(text: string, path = 'rules.yaml'): LoadResult {
  return parseFiles([{ path, bytes: new TextEncoder().encode(text) }]);
}

export function parseTexts(files: Readonly<Record<string, string>>): LoadResult {
  return parseFiles(
    Object.entries(files).map(([path, text]) => ({ path, bytes: new TextEncoder().encode(text) })),
  );
}

/** The parts of a finding a test pins down: where, what, how bad. */
export function brief(d: Diagnostic): { code: string; severity: string; line: number; column: number } {
  return { code: d.code, severity: d.severity, line: d.line, column: d.column };
}

/** A valid alert rule, as lines, for tests that change one thing in it. */
export const VALID_RULE = `kind: AlertRule
cluster_id: c1a5e7e0-0000-4000-8000-000000000101
target:
  target_type: APPLICATION
  target_id: a1a1a1a1-0000-4000-8000-000000000301
name: api-latency
condition:
  kind: CUSTOM
  promql: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket[5m])))
  operator: ABOVE
  threshold: 0.5
for_duration: PT5M
severity: HIGH
alert_receiver_ids:
  - 5e1ec7ed-0000-4000-8000-000000000201
  - 5e1ec7ed-0000-4000-8000-000000000202
presentation:
  summary: p99 latency above 500 ms
  runbook_url: https://runbooks.example.com/api
`;

export const VALID_COMPONENT = `kind: PlatformComponent
template: {key: aws-standard, version: 1.4.0}
component: external-dns
cluster: {mode: QOVERY_MANAGED, provider: AWS}
profileConfig:
  policy: upsert-only
componentOutputs:
  ingress-nginx:
    hostedZoneId: Z0123
`;

/** VALID_RULE with one line replaced (1-based), or removed when `replacement` is null. */
export function ruleWithLine(line: number, replacement: string | null): string {
  const lines = VALID_RULE.split('\n');
  if (replacement === null) lines.splice(line - 1, 1);
  else lines[line - 1] = replacement;
  return lines.join('\n');
}
