import { nearestName } from '../core/nearest-name.js';
import { readableText } from './encoding.js';
import { DOCUMENT_KINDS } from './types.js';

/**
 * `kind:` written at the start of a line, in block or flow style, quoted or not, in any case (`Kind:` and
 * `KIND:` are typos of ours, not someone else's key): found even when the file is not valid YAML, so that a
 * broken document of ours is reported rather than skipped.
 */
const KIND_LINE = /^(?:---[ \t]+)?\{?[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z0-9_.-]+)/gim;

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

/**
 * Whether a YAML file found in a directory is ours: one of its documents has a `kind` that is one of ours
 * or near enough to be a typo of one (`AlertRul`, `Kind: AlertRule`), a `kind` that is not a string
 * (`kind: {}`), which no one else's document has either, or an empty or unknown `kind` beside the fields
 * of one of ours (hasOurFields). Other files (docker-compose.yml, Kubernetes manifests, workflows) hold
 * someone else's documents and are none of this tool's business. A file that cannot be read as UTF-8
 * (UTF-16, NUL bytes, invalid bytes) cannot be told apart: it is taken as ours, and reported as unreadable,
 * rather than passed over unread. A file that held our documents at the base revision is read whatever it
 * holds now (readSourceFiles' `held`): that is decided by its history, not here.
 */
export async function holdsOurDocuments(bytes: Uint8Array): Promise<boolean> {
  const text = readableText(bytes);
  if (text === null) return true;
  for (const match of text.matchAll(KIND_LINE)) {
    if (isOurKind(match[1]!)) return true;
  }
  if (!/kind/i.test(text)) return false;
  // Indented or otherwise unusual layouts: ask the parser, which also reads what it can of a broken file.
  // It loads only then: a run whose files are all plainly laid out, or that finds none, never loads it.
  return (await import('./discover-parsed.js')).parsedKindIsOurs(text);
}

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
