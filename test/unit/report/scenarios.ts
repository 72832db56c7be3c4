import type { ComponentResult } from '../../../src/components/types.js';
import type { ApplyOutcome, FileProvenance } from '../../../src/evidence/provenance.js';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import type { PendingChange } from '../../../src/model/types.js';
import type { SourceLinks } from '../../../src/report/change-markdown.js';
import { change, finding, plan, report, result } from './report-factory.js';

/** The main scenarios a reviewer meets, as reports: the reporters' snapshots and HTML checks use them. */

const APPLIED_SHA = '89abcdef0123456789abcdef0123456789abcdef';
const OLDER_SHA = 'fedcba9876543210fedcba9876543210fedcba98';

/** Where the two files came from, as of `asOf`: the first file's commit asked about, the other's not. */
function provenance(
  asOf: FileProvenance['asOf'],
  applied: ApplyOutcome,
  unasked: ApplyOutcome,
): ReadonlyMap<string, FileProvenance> {
  return new Map([
    [
      'alerting/rules-1.yaml',
      {
        sha: APPLIED_SHA,
        pullRequest: { number: 12, url: 'https://github.com/acme/gitops/pull/12' },
        apply: applied,
        asOf,
      },
    ],
    ['alerting/rules-3.yaml', { sha: OLDER_SHA, pullRequest: null, apply: unasked, asOf }],
  ]);
}

/**
 * Where the files came from, as a pull request or push run finds it (as of the base revision): one
 * commit asked about (its pull request, its apply succeeded), one past the cap (its commit only).
 */
export const LINKS: SourceLinks = {
  server: 'https://github.com',
  repository: 'acme/gitops',
  sha: '0123456789abcdef0123456789abcdef01234567',
  provenance: provenance('base', 'succeeded', 'not asked'),
};

/** As a drift check finds it (as of the documents checked): the last change's apply failed. */
export const DRIFT_LINKS: SourceLinks = {
  ...LINKS,
  provenance: provenance('head', 'did not succeed', 'unknown'),
};
export const RUN_URL = 'https://github.com/acme/gitops/actions/runs/42';

const queryChange: AlertRuleChange = {
  ...change(1, 'update'),
  name: 'queue-backlog',
  diff: [
    {
      path: 'condition.promql',
      before: 'sum by (queue) (\n  rabbitmq_queue_messages_ready{vhost="prod", queue=~"s.*"}\n) > 100',
      after: 'sum by (queue) (\n  rabbitmq_queue_messages_ready{vhost="prod", queue=~"(s|t).*"}\n) > 250',
    },
    { path: 'severity', before: 'LOW', after: 'HIGH' },
    { path: 'alert_receiver_ids', before: ['5e1ec7ed-0000-4000-8000-000000000201'], after: [] },
  ],
  outsideEdit: [{ path: 'severity', before: 'LOW', after: 'MEDIUM' }],
};

const created: AlertRuleChange = {
  ...change(2, 'create'),
  name: 'api-up',
  diff: [
    { path: 'name', before: null, after: 'api-up' },
    { path: 'description', before: null, after: 'The API | answers <b>' },
    { path: 'condition.promql', before: null, after: 'up{app="api"} == 0' },
    { path: 'condition.operator', before: null, after: 'BELOW' },
    { path: 'condition.threshold', before: null, after: 1 },
    { path: 'severity', before: null, after: 'HIGH' },
    { path: 'tag', before: null, after: '42' },
    { path: 'enabled', before: null, after: true },
  ],
};

const deleted: AlertRuleChange = { ...change(3, 'delete'), name: 'old-rule', diff: [] };

const component = (
  key: string,
  status: ComponentResult['status'],
  extra: Partial<ComponentResult> = {},
): ComponentResult => ({
  file: `components/${key}.yaml`,
  line: 3,
  organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
  templateKey: 'aws-standard',
  templateVersion: '1.4.0',
  componentKey: key,
  clusterMode: 'QOVERY_MANAGED',
  cloudProvider: 'AWS',
  status,
  violations: 0,
  requirements: [],
  bindings: [],
  ...extra,
});

export const components: ComponentResult[] = [
  component('observability', 'resolved', { violations: 1 }),
  component('external-dns', 'resolved', {
    requirements: [
      { key: 'hostedZoneId', label: 'Zone', scope: 'CLUSTER', status: 'MISSING', sensitive: false },
    ],
  }),
  component('karpenter', 'resolved'),
  component('cert-manager', 'failed', { reason: 'The service answered HTTP 503.' }),
  component('ingress-nginx', 'skipped'),
];

export const planReport = report({
  plan: plan([queryChange, created, deleted, change(4, 'noop')]),
  diagnostics: [
    { ...finding('error', 'components/observability.yaml', 14, 'retentionDays must be between 1 and 365.') },
    finding('warning', 'alerting/rules-1.yaml', 21, 'the `for_duration` is `PT0S`'),
  ],
  components,
});

export const applyReport = report({
  command: 'apply',
  plan: plan([queryChange, created]),
  results: [
    { ...result(1), change: queryChange as PendingChange },
    { ...result(2, false), change: { ...(created as PendingChange), line: 41 }, id: null },
  ],
});

export const driftReport = report({
  command: 'drift',
  plan: plan([queryChange, deleted, change(5, 'noop')]),
});
