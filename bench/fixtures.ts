/** Generated alert rules for the benchmarks: N live rules, and N documents that declare them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import type { SandboxSeed } from '../src/sandbox/types.js';

export const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
export const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';
export const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';
export const TARGET = 'a1a1a1a1-0000-4000-8000-000000000301';
export const TOKEN = 'qov_sandbox_acme_token';

export const ruleId = (i: number): string => `b0b0b0b0-0000-4000-8000-${i.toString().padStart(12, '0')}`;

/** Rule i as the service stores it. */
export function rule(i: number): Record<string, unknown> {
  return {
    id: ruleId(i),
    organization_id: ORG,
    cluster_id: CLUSTER,
    target: { target_type: 'APPLICATION', target_id: TARGET },
    name: `rule-${i}`,
    description: `generated rule ${i}`,
    tag: 'bench',
    condition: {
      kind: 'CUSTOM',
      promql: `sum(rate(http_requests_total{app="svc-${i}",status=~"5.."}[5m])) / sum(rate(http_requests_total{app="svc-${i}"}[5m]))`,
      operator: 'ABOVE',
      threshold: 0.05,
      function: 'NONE',
    },
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: true,
    alert_receiver_ids: [RECEIVER],
    presentation: { summary: `svc-${i} fails`, runbook_url: null },
    created_at: '2026-01-01T00:00:00Z',
  };
}

export function seedWith(count: number): SandboxSeed {
  return {
    organizations: [{ id: ORG, name: 'acme' }],
    tokens: [{ token: TOKEN, organizations: [ORG] }],
    clusters: [
      { id: CLUSTER, organization_id: ORG, name: 'prod-eu', cloud_provider: 'AWS', mode: 'QOVERY_MANAGED' },
    ],
    alertReceivers: [
      {
        id: RECEIVER,
        organization_id: ORG,
        created_at: '2026-01-01T00:00:00Z',
        name: 'slack-oncall',
        type: 'SLACK',
      },
    ],
    alertRules: Array.from({ length: count }, (_, i) => rule(i)),
    projects: [
      {
        id: 'b0b0b0b0-0000-4000-8000-000000000601',
        organization_id: ORG,
        name: 'shop',
        environments: [
          {
            id: 'e0e0e0e0-0000-4000-8000-000000000401',
            name: 'production',
            mode: 'PRODUCTION',
            cluster_id: CLUSTER,
            // The rules' target, among as many other services as a busy organization has.
            services: [
              { id: TARGET, name: 'api', service_type: 'APPLICATION' },
              ...Array.from({ length: OTHER_SERVICES }, (_, i) => ({
                id: `a1a1a1a1-0000-4000-8001-${i.toString().padStart(12, '0')}`,
                name: `svc-${i}`,
                service_type: 'APPLICATION',
              })),
            ],
          },
        ],
      },
    ],
  };
}

/** Services of the organization besides the rules' target: what the services list carries. */
export const OTHER_SERVICES = 499;

/** The same documents with the cluster and the target written by name (prod-eu, shop/production/api). */
export function byName(files: readonly { path: string; text: string }[]): { path: string; text: string }[] {
  return files.map((f) => ({
    path: f.path,
    text: f.text
      .replaceAll(`cluster_id: ${CLUSTER}`, 'cluster: prod-eu')
      .replaceAll(`  target_type: APPLICATION\n  target_id: ${TARGET}`, '  service: shop/production/api'),
  }));
}

/** Documents for rules 0..count-1, `perFile` per file; `severity` lets a benchmark make every rule change. */
export function documentFiles(
  count: number,
  perFile: number,
  severity = 'HIGH',
): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  for (let start = 0; start < count; start += perFile) {
    const docs: string[] = [];
    for (let i = start; i < Math.min(count, start + perFile); i++) docs.push(documentText(i, severity));
    files.push({
      path: `alerting/rules-${String(start / perFile).padStart(4, '0')}.yaml`,
      text: docs.join('---\n'),
    });
  }
  return files;
}

/**
 * Documents for rules 0..queries.length-1, rule i with query i written as a `|-` block scalar and operator
 * i (ABOVE when not given), `perFile` per file: the same repository for any list of queries.
 */
export function documentFilesWithQueries(
  queries: readonly string[],
  perFile: number,
  operators: readonly string[] = [],
): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  for (let start = 0; start < queries.length; start += perFile) {
    const docs = queries.slice(start, start + perFile).map((query, k) => {
      const block = `|-\n${query
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n')}`;
      return documentText(start + k, 'HIGH', block, operators[start + k]);
    });
    files.push({
      path: `alerting/rules-${String(start / perFile).padStart(4, '0')}.yaml`,
      text: docs.join('---\n'),
    });
  }
  return files;
}

function documentText(
  i: number,
  severity: string,
  promql = `sum(rate(http_requests_total{app="svc-${i}",status=~"5.."}[5m])) / sum(rate(http_requests_total{app="svc-${i}"}[5m]))`,
  operator = 'ABOVE',
): string {
  return `kind: AlertRule
id: ${ruleId(i)}
organization_id: ${ORG}
cluster_id: ${CLUSTER}
target:
  target_type: APPLICATION
  target_id: ${TARGET}
name: rule-${i}
description: generated rule ${i}
tag: bench
condition:
  kind: CUSTOM
  promql: ${promql}
  operator: ${operator}
  threshold: 0.05
  function: NONE
for_duration: PT5M
severity: ${severity}
enabled: true
alert_receiver_ids:
  - ${RECEIVER}
presentation:
  summary: svc-${i} fails
  runbook_url: null
`;
}

/** The real alerting queries of test/unit/promql/corpus (kube-prometheus, awesome-prometheus-alerts, …). */
export function realQueries(): string[] {
  const dir = 'test/unit/promql/corpus';
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => {
      const list = parseDocument(readFileSync(join(dir, f), 'utf8')).contents;
      return isSeq(list) ? list.items.flatMap((item) => (isMap(item) ? [String(item.get('expr'))] : [])) : [];
    });
}
