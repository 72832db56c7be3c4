import type { GhostRule, ManagedRule, WireTarget } from '../model.js';
import {
  ALERT_RULE_STATES,
  ALERT_SEVERITIES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  isIsoDuration,
  SEED_TARGET_TYPES,
  toWireTargetType,
} from '../wire.js';
import type { SeedReader } from './seed-reader.js';

/** One seeded alert rule: `source: GHOST` makes a ghost (no id), anything else a managed rule. */
export function readSeedRule(item: SeedReader): ManagedRule | GhostRule {
  const source = item.has('source') ? item.field('source').oneOf(['MANAGED', 'GHOST'] as const) : 'MANAGED';
  if (source === 'GHOST') {
    return {
      organization_id: item.field('organization_id').uuid(),
      name: item.field('name').string(),
      state: item.field('state').oneOf(ALERT_RULE_STATES),
      target: item.has('target') ? readTarget(item.field('target')) : null,
      starts_at: item.field('starts_at').optionalTimestamp(),
    };
  }
  const id = item.field('id').uuid();
  const durationField = item.field('for_duration');
  const duration = durationField.string();
  if (!isIsoDuration(duration)) durationField.fail(`expected an ISO-8601 duration such as PT5M`);
  const receivers = item.field('alert_receiver_ids');
  const receiverIds = receivers.items().map((r) => r.uuid());
  if (receiverIds.length === 0) receivers.fail('expected at least one receiver id');
  return {
    id,
    organization_id: item.field('organization_id').uuid(),
    cluster_id: item.field('cluster_id').uuid(),
    target: readTarget(item.field('target')),
    name: item.field('name').string(),
    description: text(item.field('description')),
    tag: text(item.field('tag')),
    condition: readCondition(item.field('condition')),
    for_duration: duration,
    severity: item.field('severity').oneOf(ALERT_SEVERITIES),
    enabled: item.field('enabled').boolean(),
    alert_receiver_ids: receiverIds,
    presentation: readPresentation(item.field('presentation')),
    state: item.has('state') ? item.field('state').oneOf(ALERT_RULE_STATES) : 'OK',
    created_at: item.field('created_at').timestamp(),
    updated_at: item.field('updated_at').optionalTimestamp(),
    starts_at: item.field('starts_at').optionalTimestamp(),
    is_up_to_date: item.field('is_up_to_date').boolean(true),
    syncedAt: null,
  };
}

function readTarget(field: SeedReader): WireTarget {
  return {
    target_type: toWireTargetType(field.field('target_type').oneOf(SEED_TARGET_TYPES)),
    target_id: field.field('target_id').uuid(),
  };
}

function readCondition(field: SeedReader): Record<string, unknown> {
  const condition: Record<string, unknown> = {
    kind: field.field('kind').oneOf(CONDITION_KINDS),
    promql: field.field('promql').string(),
  };
  if (field.has('operator')) condition.operator = field.field('operator').oneOf(CONDITION_OPERATORS);
  if (field.has('threshold')) {
    const threshold = field.field('threshold');
    if (typeof threshold.value !== 'number') threshold.fail('expected a number');
    condition.threshold = threshold.value;
  }
  if (field.has('function')) condition.function = field.field('function').oneOf(CONDITION_FUNCTIONS);
  return condition;
}

function readPresentation(field: SeedReader): Record<string, unknown> {
  if (field.value === undefined || field.value === null) return { summary: null, runbook_url: null };
  field.object();
  return {
    summary: field.field('summary').optionalString(),
    runbook_url: field.field('runbook_url').optionalString(),
  };
}

/** Descriptions and tags may be empty strings in the service; only their type is checked. */
function text(field: SeedReader): string {
  if (typeof field.value !== 'string') field.fail('expected a string');
  return field.value as string;
}
