import { canAccess } from '../authenticate.js';
import { badRequest, forbidden, notFound } from '../http-error.js';
import type { Cluster, TokenGrant } from '../model.js';
import type { SandboxStore } from '../state.js';
import { isPlainObject, isUuid } from '../wire.js';

/** What a handler gets: the authenticated grant, the route's parameters, the query and the parsed body. */
export interface RequestContext {
  readonly store: SandboxStore;
  readonly grant: TokenGrant;
  readonly params: Readonly<Record<string, string>>;
  /** The request path without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Parsed JSON; undefined when the request had no body. */
  readonly body: unknown;
}

export interface Answer {
  readonly status: number;
  readonly body?: unknown;
}

export type Handler = (context: RequestContext) => Answer | Promise<Answer>;

/**
 * A path parameter that must be a uuid, returned lower-cased. Anything else names nothing: 404, which
 * every operation declares (several declare no 400).
 */
export function uuidParam(context: RequestContext, name: string): string {
  const value = context.params[name];
  if (!isUuid(value)) throw notFound(`${name} must be a uuid, found "${value ?? ''}"`);
  return value.toLowerCase();
}

/** The organization of the path: 404 when unknown, 403 when the token may not access it. */
export function accessibleOrganization(context: RequestContext, organizationId: string): string {
  if (!context.store.seed.organizations.some((o) => o.id === organizationId)) {
    throw notFound(`organization ${organizationId} not found`);
  }
  if (!canAccess(context.grant, organizationId)) {
    throw forbidden(`this token may not access organization ${organizationId}`);
  }
  return organizationId;
}

/** The organization a body names for a write: 400 when unknown, 403 when the token may not `what` in it. */
export function writableOrganization(context: RequestContext, organizationId: string, what: string): void {
  if (!context.store.seed.organizations.some((o) => o.id === organizationId)) {
    throw badRequest(`organization_id: organization ${organizationId} does not exist`);
  }
  if (!canAccess(context.grant, organizationId)) {
    throw forbidden(`this token may not ${what} in organization ${organizationId}`);
  }
}

/**
 * The alert rule, receiver, project or cluster the path names by the uuid parameter `param`: 404 when
 * unknown, 403 when the token may not access it or its organization.
 */
export function accessibleById<T extends { readonly organization_id: string }>(
  context: RequestContext,
  param: string,
  objects: ReadonlyMap<string, T>,
  noun: string,
): T {
  const id = uuidParam(context, param);
  const object = objects.get(id);
  if (!object) throw notFound(`${noun} ${id} not found`);
  if (!canAccess(context.grant, object.organization_id)) {
    throw forbidden(`this token may not access ${noun} ${id}`);
  }
  accessibleOrganization(context, object.organization_id);
  return object;
}

export function organizationFromPath(context: RequestContext): string {
  return accessibleOrganization(context, uuidParam(context, 'organizationId'));
}

/** The cluster of the path, which must belong to the path's organization. */
export function clusterFromPath(context: RequestContext, organizationId: string): Cluster {
  const clusterId = uuidParam(context, 'clusterId');
  const cluster = context.store.seed.clusters.find((c) => c.id === clusterId);
  if (!cluster || cluster.organization_id !== organizationId) {
    throw notFound(`cluster ${clusterId} not found in organization ${organizationId}`);
  }
  return cluster;
}

/** The JSON body as an object, or 400. */
export function objectBody(context: RequestContext): Readonly<Record<string, unknown>> {
  const body = context.body;
  if (!isPlainObject(body)) throw badRequest('the request body must be a JSON object');
  return body;
}
