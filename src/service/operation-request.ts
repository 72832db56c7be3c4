import { UsageError } from '../core/usage-error.js';
import type { RequestSafety } from './retry-policy.js';
import type { OperationId } from './types.js';

/**
 * One request per operation, as data: what to send, whether it may be repeated, and what it was about
 * (for the sentence a person reads when it fails). Building them is pure (one *-requests.ts file per part of
 * the service: alert rules, alert receivers, the platform catalog, clusters, name lists); the transport
 * sends them.
 */
export interface OperationRequest {
  readonly operation: OperationId;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path below the base address, segments encoded, without the query. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly safety: RequestSafety;
  /** Completes "the token may not …" for a 403. */
  readonly forbidden: string;
  /** Says what was not found for a 404. */
  readonly notFound: string;
  /**
   * Longest the request may take, every attempt and wait between them included, in milliseconds; absent,
   * the client's timeouts and retry bounds alone apply.
   */
  readonly deadlineMs?: number;
  /**
   * For a request never repeated once it may have reached the service (safety 'create'): what it may have
   * done, for the sentence after a failure. Absent: an alert rule's creation.
   */
  readonly effect?: RequestEffect;
  /**
   * Secret values the body carries (a receiver's webhook url or password): a refusal that echoes one has
   * it replaced before anyone reads the service's words.
   */
  readonly secrets?: readonly string[];
}

export interface RequestEffect {
  /** "The alert receiver" */
  readonly subject: string;
  /** "created" */
  readonly done: string;
  /** What to do before trying again, e.g. "run plan again before re-applying, so that it is not created twice". */
  readonly next: string;
}

/**
 * Path segments are encoded, so an id can never change which resource is addressed; and `.`, `..` and
 * empty segments, which encoding leaves as they are and which a server or proxy resolves to another
 * path, are refused whatever the caller (the document schema refuses them earlier, with a finding).
 */
export function path(strings: TemplateStringsArray, ...segments: string[]): string {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new UsageError(
        `refused to build a request path with the segment ${JSON.stringify(segment)}: it would address another resource`,
      );
    }
  }
  return strings.reduce(
    (out, part, i) => out + part + (i < segments.length ? encodeURIComponent(segments[i]!) : ''),
    '',
  );
}

/** An alert object the service keeps by id (a rule, a receiver), under its own collection. */
export interface AlertObject {
  /** "alert rule", as the sentences name one. */
  readonly noun: string;
  /** The collection's path, below which each object stands by its id. */
  readonly collection: string;
}

/** What a read, an edit and a delete of one object by id are forbidden to do, and what a 404 then means. */
const BY_ID = {
  GET: { verb: 'read', missing: "check the document's id" },
  PUT: { verb: 'edit', missing: 'it may have been deleted since the plan; run plan again' },
  DELETE: { verb: 'delete', missing: 'it may have been deleted already' },
} as const;

/** A read, edit or delete of one alert rule or receiver: repeating it is safe (a PUT of the same body leaves the same object). */
export function alertObjectById(
  operation: OperationId,
  method: keyof typeof BY_ID,
  object: AlertObject,
  id: string,
): OperationRequest {
  const { verb, missing } = BY_ID[method];
  return {
    operation,
    method,
    path: object.collection + path`/${id}`,
    safety: 'idempotent',
    forbidden: `${verb} ${object.noun} ${id}`,
    notFound: `${object.noun} ${id} was not found: ${missing}`,
  };
}

/** A list of one organization's `things`, read from `/organization/{id}/{segment}`: a 404 is the organization's. */
export function organizationList(
  operation: OperationId,
  organizationId: string,
  segment: string,
  things: string,
): OperationRequest {
  return {
    operation,
    method: 'GET',
    path: path`/organization/${organizationId}/${segment}`,
    safety: 'idempotent',
    forbidden: `list the ${things} of organization ${organizationId}`,
    notFound: organizationNotFound(organizationId),
  };
}

export function organizationNotFound(organizationId: string): string {
  return `organization ${organizationId} was not found: check organization_id or --org`;
}

/** What a create may have done: `subject` may exist already, and plan knows whether it does. */
export function created(subject: string): RequestEffect {
  return {
    subject,
    done: 'created',
    next: 'run plan again before re-applying, so that it is not created twice',
  };
}

/** An alert rule's creation: the effect of a request that names none (OperationRequest.effect). */
export const RULE_CREATED = created('The rule');
