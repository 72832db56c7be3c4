import type { Deployment } from '../model.js';
import { DEPLOYMENT_ACTION_STATUSES } from '../wire.js';
import type { SeedReader } from './seed-reader.js';

const LOG_LEVELS = ['info', 'warning', 'debug', 'error'] as const;
/** Nanosecond precision, as the service writes log timestamps. */
const NANOS_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;

/** One deployment of a cluster with its log entries (the service's ClusterLogs shape). */
export function readDeployment(item: SeedReader): Deployment {
  return {
    id: item.field('id').uuid(),
    cluster_id: item.field('cluster_id').uuid(),
    execution_id: item.field('execution_id').optionalString(),
    created_at: item.field('created_at').timestamp(),
    updated_at: item.field('updated_at').timestamp(),
    origin: item.field('origin').optionalString(),
    triggered_by: item.field('triggered_by').optionalString(),
    status: item.field('status').string(),
    action_status: item.field('action_status').oneOf(DEPLOYMENT_ACTION_STATUSES),
    trigger_action: item.field('trigger_action').string(),
    reason: item.field('reason').string(),
    total_duration: item.field('total_duration').optionalString(),
    logs: item.field('logs').optionalItems().map(readLogEntry),
  };
}

/**
 * Entries are kept as written once their level and timestamp are checked: an error entry must carry the
 * `error` block the service sends (tag, user_log_message, …), the others `details`.
 */
function readLogEntry(entry: SeedReader): Readonly<Record<string, unknown>> {
  const raw = entry.object();
  const level = entry.field('type').oneOf(LOG_LEVELS);
  const timestamp = entry.field('timestamp');
  if (!NANOS_TIMESTAMP.test(timestamp.string())) {
    timestamp.fail('expected a UTC timestamp with nanoseconds, e.g. 2026-11-20T10:00:00.123456789Z');
  }
  entry.field('step').string();
  entry.field('message').field('safe_message').string();
  if (level === 'error') {
    const error = entry.field('error');
    error.field('tag').string();
    error.field('user_log_message').string();
  }
  return raw;
}
