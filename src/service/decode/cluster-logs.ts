import type { ClusterDeployment, ClusterLogEntry, LogEventDetails, LogTransmitter } from '../types.js';
import { array, at, type DecodeContext, type Json, nullableStr, object, openEnum, str } from './read.js';

const ACTION_STATUSES = ['QUEUED', 'ONGOING', 'SUCCESS', 'ERROR', 'CANCELED', 'CANCELING', 'NEVER'];
const LOG_LEVELS = ['info', 'warning', 'debug', 'error'];
const LOG_STEPS = [
  'LoadConfiguration',
  'Create',
  'Created',
  'CreateError',
  'Pause',
  'Paused',
  'PauseError',
  'Delete',
  'Deleted',
  'DeleteError',
  'RetrieveClusterConfig',
  'RetrieveClusterResources',
  'ValidateSystemRequirements',
  'UnderMigration',
  'Unknown',
];

/** listClusterDeploymentHistoryV2: `{page, page_size, results?}`, newest first. */
export function decodeDeploymentHistory(body: unknown, ctx: DecodeContext): ClusterDeployment[] {
  const o = object(body, '');
  if (o.results === undefined || o.results === null) return [];
  return array(o, 'results', '').map((item, i) => {
    const where = at('results', i);
    const d = object(item, where);
    const idWhere = at(where, 'identifier');
    const identifier = object(d.identifier, idWhere);
    const auditWhere = at(where, 'auditing_data');
    const auditing = object(d.auditing_data, auditWhere);
    return {
      identifier: {
        deployment_id: str(identifier, 'deployment_id', idWhere),
        cluster_id: str(identifier, 'cluster_id', idWhere),
        execution_id: nullableStr(identifier, 'execution_id', idWhere),
      },
      auditing_data: {
        created_at: str(auditing, 'created_at', auditWhere),
        updated_at: str(auditing, 'updated_at', auditWhere),
        origin: nullableStr(auditing, 'origin', auditWhere),
        triggered_by: nullableStr(auditing, 'triggered_by', auditWhere),
      },
      status: str(d, 'status', where),
      action_status: openEnum(
        str(d, 'action_status', where),
        ACTION_STATUSES,
        'deployment action status',
        ctx,
      ),
      trigger_action: str(d, 'trigger_action', where),
      reason: str(d, 'reason', where),
      total_duration: nullableStr(d, 'total_duration', where),
    };
  });
}

/**
 * listClusterDeploymentLogs and listClusterLogs: `{results?: entry[]}`. Log entries are shown as far as
 * they go: a field of the wrong shape is dropped, an entry that is not an object is skipped, and only a
 * body that is not a list at all is an error.
 */
export function decodeClusterLogs(body: unknown, ctx: DecodeContext): ClusterLogEntry[] {
  const o = object(body, '');
  if (o.results === undefined || o.results === null) return [];
  const entries: ClusterLogEntry[] = [];
  for (const item of array(o, 'results', '')) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      ctx.notices.add(
        'log-entry-shape',
        `The service sent cluster log entries that are not objects (${ctx.operation}); they were skipped.`,
      );
      continue;
    }
    entries.push(decodeEntry(item as Json, ctx));
  }
  return entries;
}

function decodeEntry(o: Json, ctx: DecodeContext): ClusterLogEntry {
  const type = text(o.type);
  const step = text(o.step);
  const message = record(o.message);
  const safeMessage = message ? text(message.safe_message) : undefined;
  const error = record(o.error);
  const details = record(o.details);
  return {
    ...(type !== undefined ? { type: openEnum(type, LOG_LEVELS, 'log level', ctx) } : {}),
    ...defined('timestamp', text(o.timestamp)),
    ...(step !== undefined ? { step: openEnum(step, LOG_STEPS, 'log step', ctx) } : {}),
    ...(message ? { message: defined('safe_message', safeMessage) } : {}),
    ...(error ? { error: decodeError(error) } : {}),
    ...(details ? { details: decodeDetails(details) } : {}),
  };
}

function decodeError(o: Json): NonNullable<ClusterLogEntry['error']> {
  const eventDetails = record(o.event_details);
  const underlying = record(o.underlying_error);
  return {
    ...defined('tag', text(o.tag)),
    ...defined('user_log_message', text(o.user_log_message)),
    ...defined('link', text(o.link)),
    ...defined('hint_message', text(o.hint_message)),
    ...(eventDetails ? { event_details: decodeDetails(eventDetails) } : {}),
    ...(underlying ? { underlying_error: defined('message', text(underlying.message)) } : {}),
  };
}

function decodeDetails(o: Json): LogEventDetails {
  const transmitter = record(o.transmitter);
  const decodedTransmitter: LogTransmitter | undefined = transmitter
    ? {
        ...defined('type', text(transmitter.type)),
        ...defined('id', text(transmitter.id)),
        ...defined('name', text(transmitter.name)),
      }
    : undefined;
  return {
    ...defined('provider_kind', text(o.provider_kind)),
    ...defined('region', text(o.region)),
    ...(decodedTransmitter ? { transmitter: decodedTransmitter } : {}),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function defined<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
