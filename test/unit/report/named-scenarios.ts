import { diagnostic } from '../../../src/core/diagnostic.js';
import type {
  AlertRuleChange,
  CreateChange,
  RuleReferences,
  UpdateChange,
} from '../../../src/model/alert-rule-change.js';
import type { PendingReference } from '../../../src/model/pending-reference.js';
import { change, plan, report } from './report-factory.js';

/**
 * A plan whose changes know the names of what they reference (the sandbox's: cluster prod-eu, project shop,
 * receivers slack-oncall, email-platform, slack-low-priority): a created rule, an update of its receivers,
 * a deleted rule, and a document that would change its rule's target. The reporters' snapshots of names
 * use it.
 */

export const PROD_EU = { id: 'c1a5e7e0-0000-4000-8000-000000000101', name: 'prod-eu' };
export const API = {
  id: 'a1a1a1a1-0000-4000-8000-000000000301',
  name: 'api',
  type: 'APPLICATION',
  within: 'shop/production',
};
export const WORKER = {
  id: 'a1a1a1a1-0000-4000-8000-000000000302',
  name: 'worker',
  type: 'APPLICATION',
  within: 'shop/production',
};
export const SLACK_ONCALL = { id: '5e1ec7ed-0000-4000-8000-000000000201', name: 'slack-oncall' };
export const EMAIL_PLATFORM = { id: '5e1ec7ed-0000-4000-8000-000000000202', name: 'email-platform' };
export const SLACK_LOW = { id: '5e1ec7ed-0000-4000-8000-000000000203', name: 'slack-low-priority' };

function references(
  target: RuleReferences['target'],
  ...receivers: RuleReferences['receivers']
): RuleReferences {
  return { cluster: PROD_EU, target, receivers };
}

export const createdWithNames: AlertRuleChange = {
  ...change(2, 'create'),
  name: 'api-down',
  diff: [
    { path: 'cluster_id', before: null, after: PROD_EU.id },
    { path: 'target.target_type', before: null, after: 'APPLICATION' },
    { path: 'target.target_id', before: null, after: API.id },
    { path: 'name', before: null, after: 'api-down' },
    { path: 'condition.kind', before: null, after: 'CUSTOM' },
    { path: 'condition.promql', before: null, after: 'up{app="api"} == 0' },
    { path: 'severity', before: null, after: 'CRITICAL' },
    { path: 'enabled', before: null, after: true },
    { path: 'alert_receiver_ids', before: null, after: [SLACK_ONCALL.id, EMAIL_PLATFORM.id] },
  ],
  references: references(API, SLACK_ONCALL, EMAIL_PLATFORM),
};

/** A receiver the same apply creates: the plan knows its name; it has no id until its create answers. */
const SLACK_PLATFORM_AWAITED: PendingReference = {
  kind: 'AlertReceiver',
  organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
  name: 'slack-platform',
};
const SLACK_PLATFORM_PENDING = { id: null, name: 'slack-platform', pending: true } as const;

/** createdWithNames paging slack-oncall and a receiver the same apply creates (which it awaits). */
export const createdPagingNewReceiver: AlertRuleChange = {
  ...(createdWithNames as CreateChange),
  awaits: [SLACK_PLATFORM_AWAITED],
  diff: createdWithNames.diff.map((d) =>
    d.path === 'alert_receiver_ids' ? { ...d, after: [SLACK_ONCALL.id, SLACK_PLATFORM_AWAITED] } : d,
  ),
  references: { ...createdWithNames.references!, receivers: [SLACK_ONCALL, SLACK_PLATFORM_PENDING] },
};

export const receiversUpdated: AlertRuleChange = {
  ...change(1, 'update'),
  name: 'worker-queue-backlog',
  diff: [
    {
      path: 'alert_receiver_ids',
      before: [SLACK_LOW.id, EMAIL_PLATFORM.id],
      after: [SLACK_LOW.id, SLACK_ONCALL.id],
    },
  ],
  references: references(WORKER, SLACK_LOW, SLACK_ONCALL),
  referencesBefore: references(WORKER, SLACK_LOW, EMAIL_PLATFORM),
};

/** receiversUpdated paging, instead of email-platform, a receiver the same apply creates (which it awaits). */
export const receiversUpdatedToNewReceiver: AlertRuleChange = {
  ...(receiversUpdated as UpdateChange),
  awaits: [SLACK_PLATFORM_AWAITED],
  diff: [
    {
      path: 'alert_receiver_ids',
      before: [SLACK_LOW.id, EMAIL_PLATFORM.id],
      after: [SLACK_LOW.id, SLACK_PLATFORM_AWAITED],
    },
  ],
  references: references(WORKER, SLACK_LOW, SLACK_PLATFORM_PENDING),
};

export const deletedWithNames: AlertRuleChange = {
  ...change(3, 'delete'),
  name: 'api-old-latency',
  references: references(API, SLACK_ONCALL),
};

/** What the plan reports when a name now resolves to another service than the live rule's. */
export const targetChanged = diagnostic(
  'error',
  'alerting/rules-0.yaml',
  { line: 4, column: 3, endLine: 4, endColumn: 40 },
  'plan.immutable-field',
  '`target` cannot be edited: alert rule "api-latency" (a2a2a2a2-0000-4000-8000-000000000007) has ' +
    'api in shop/production · APPLICATION (a1a1a1a1-0000-4000-8000-000000000301), this document says ' +
    'worker in shop/production · APPLICATION (a1a1a1a1-0000-4000-8000-000000000302). The service cannot ' +
    'change target, cluster_id or organization_id of an existing rule.',
);

export const namedPlanReport = report({
  plan: plan([receiversUpdated, createdWithNames, deletedWithNames], [targetChanged]),
  diagnostics: [targetChanged],
});

export const namedDriftReport = report({
  command: 'drift',
  plan: plan([receiversUpdated, deletedWithNames]),
});
