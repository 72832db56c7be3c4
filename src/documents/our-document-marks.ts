/**
 * What marks a document as ours even when it is broken: a `kind` that is one of ours or near enough to be a
 * typo of one, or the top-level fields only our kinds have. Both discover.ts (the quick look at the text)
 * and discover-parsed.ts (the parser's look, loaded only when needed) ask these.
 */
import { nearestName } from '../core/nearest-name.js';
import { DOCUMENT_KINDS } from './types.js';

/**
 * Top-level fields that only our kinds have (alert rule, alert receiver, platform component): a document
 * with one of them and an empty or unknown `kind` is ours with a broken kind, not someone else's. Generic
 * names (`name`, `id`, `type`, `description`) are left out; `type` counts only with a receiver type.
 */
const OUR_FIELDS: ReadonlySet<string> = new Set([
  'organization_id',
  'cluster_id',
  'cluster',
  'target',
  'condition',
  'for_duration',
  'severity',
  'alert_receiver_ids',
  'alert_receivers',
  'presentation',
  'send_resolved',
  'webhook_url',
  'smarthost',
  'auth_username',
  'auth_password',
  'require_tls',
  'template',
  'component',
  'profileConfig',
  'clusterInputs',
  'componentOutputs',
]);
const RECEIVER_TYPES: ReadonlySet<string> = new Set(['SLACK', 'EMAIL']);

/** A `kind` of ours, or near enough to be a typo of one (`AlertRul`). */
export function isOurKind(kind: string): boolean {
  return nearestName(kind, DOCUMENT_KINDS) !== null;
}

/**
 * Whether a document's top-level fields are those of one of our kinds (OUR_FIELDS, or a receiver's
 * `type`). A document that says its `apiVersion` is a Kubernetes-style manifest, whatever else it has.
 */
export function hasOurFields(fields: ReadonlyMap<string, unknown>): boolean {
  if (fields.has('apiVersion')) return false;
  for (const [key, value] of fields) {
    if (OUR_FIELDS.has(key)) return true;
    if (key === 'type' && typeof value === 'string' && RECEIVER_TYPES.has(value.toUpperCase())) return true;
  }
  return false;
}
