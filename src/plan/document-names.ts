/**
 * Documents that name their cluster or target, resolved into the id forms planning and the requests use:
 * pure, over the name lists the caller read (planner/resolve-names-step.ts). Each name that resolves to
 * no single entry is an error at the key that holds it, with what to do; a document whose lists could not
 * be read is left out of the plan, the read's own finding said once by the caller.
 */
import { type Diagnostic, diagnostic, type SourceRange } from '../core/diagnostic.js';
import type {
  AlertRuleDocument,
  EnvironmentPath,
  PathSegment,
  PlatformComponentDocument,
  ServicePath,
} from '../documents/types.js';
import { NAME_CODES } from '../model/codes.js';
import {
  type ClusterEntry,
  type EnvironmentEntry,
  type NameError,
  type NameResult,
  type ProjectEntry,
  parseNamePath,
  type ResolvedTarget,
  resolveCluster,
  resolveClusterTarget,
  resolveEnvironmentTarget,
  resolveServiceTarget,
  type ServiceEntry,
} from '../names/index.js';

/** The lists one organization's documents need; null: needed but not read (its finding is the caller's). */
export interface OrganizationLists {
  readonly clusters?: readonly ClusterEntry[] | null;
  readonly services?: readonly ServiceEntry[] | null;
  readonly projects?: readonly ProjectEntry[] | null;
  /** The environments of the projects named by environment targets (and only those). */
  readonly environments?: readonly EnvironmentEntry[] | null;
}

/** Which lists a document needs: none when it writes only ids. */
export interface NameNeeds {
  readonly clusters: boolean;
  readonly services: boolean;
  /** The project names its environment target names (listProject, then their listEnvironment). */
  readonly projects: readonly string[];
}

export const NEEDS_NOTHING: NameNeeds = { clusters: false, services: false, projects: [] };

export function namesNeeded(doc: AlertRuleDocument): NameNeeds {
  const { cluster, target } = doc.value;
  if (cluster === undefined && (target === undefined || 'target_id' in target)) return NEEDS_NOTHING;
  const named = target !== undefined && !('target_id' in target) ? target : undefined;
  const project = named !== undefined && 'environment' in named ? projectOf(named.environment) : null;
  return {
    clusters: cluster !== undefined || (named !== undefined && 'cluster' in named),
    services: named !== undefined && 'service' in named,
    projects: project === null ? [] : [project],
  };
}

export function componentNeedsNames(doc: PlatformComponentDocument): boolean {
  return doc.value.cluster.name !== undefined;
}

export type Resolution<D> =
  | { readonly kind: 'resolved'; readonly document: D }
  | { readonly kind: 'failed'; readonly diagnostics: readonly Diagnostic[] }
  /** A list it needs was not read: not planned, and nothing more to say than the read's own finding. */
  | { readonly kind: 'unread' };

/**
 * The document with `cluster_id` and `target` in id form. The written names stay beside the ids
 * (`cluster` and the target's named form), for findings that say a name moved.
 */
export function resolveRuleNames(
  doc: AlertRuleDocument,
  lists: OrganizationLists,
): Resolution<AlertRuleDocument> {
  const needs = namesNeeded(doc);
  if (needs === NEEDS_NOTHING) return { kind: 'resolved', document: doc };
  if (
    (needs.clusters && !lists.clusters) ||
    (needs.services && !lists.services) ||
    (needs.projects.length > 0 && (!lists.projects || !lists.environments))
  ) {
    return { kind: 'unread' };
  }
  const spec = doc.value;
  const diagnostics: Diagnostic[] = [];
  const fail = (path: readonly PathSegment[], error: NameError) =>
    diagnostics.push(nameFinding(doc.file, doc.locate(path), error));

  let clusterId = spec.cluster_id;
  if (spec.cluster !== undefined) {
    const cluster = resolveCluster(spec.cluster, lists.clusters ?? []);
    if (cluster.ok) clusterId = cluster.value.id;
    else fail(['cluster'], cluster.error);
  }

  let target = spec.target;
  if (target !== undefined && !('target_id' in target)) {
    const form = 'service' in target ? 'service' : 'environment' in target ? 'environment' : 'cluster';
    const resolved = resolveTarget(target, lists);
    if (resolved.ok) target = { ...target, ...resolved.value };
    else
      fail(
        resolved.error.code === 'target-type-mismatch' ? ['target', 'target_type'] : ['target', form],
        resolved.error,
      );
  }
  if (diagnostics.length > 0) return { kind: 'failed', diagnostics };
  const value = {
    ...spec,
    ...(clusterId !== undefined ? { cluster_id: clusterId } : {}),
    ...(target !== undefined ? { target } : {}),
  };
  return { kind: 'resolved', document: { ...doc, value } };
}

/**
 * Resolutions already made, per list: ten thousand rules that watch a few services resolve each service
 * once, not once per rule (a resolution scans the list).
 */
const resolved = new WeakMap<object, Map<string, NameResult<ResolvedTarget>>>();

function resolveTarget(
  target: Exclude<AlertRuleDocument['value']['target'], undefined>,
  lists: OrganizationLists,
): NameResult<ResolvedTarget> {
  const list =
    ('service' in target ? lists.services : 'environment' in target ? lists.environments : lists.clusters) ??
    [];
  const key = JSON.stringify(target);
  let known = resolved.get(list);
  if (known === undefined) {
    known = new Map();
    resolved.set(list, known);
  }
  let result = known.get(key);
  if (result === undefined) {
    result = resolveTargetOnce(target, lists);
    known.set(key, result);
  }
  return result;
}

function resolveTargetOnce(
  target: Exclude<AlertRuleDocument['value']['target'], undefined>,
  lists: OrganizationLists,
): NameResult<ResolvedTarget> {
  if ('service' in target) {
    return resolveServiceTarget(target.service as ServicePath, lists.services ?? [], target.target_type);
  }
  if ('environment' in target) {
    return resolveEnvironmentTarget(
      target.environment as EnvironmentPath,
      lists.projects ?? [],
      lists.environments ?? [],
    );
  }
  return resolveClusterTarget((target as { cluster: string }).cluster, lists.clusters ?? []);
}

/** A PlatformComponent's `cluster.name` into `cluster.id`. */
export function resolveComponentCluster(
  doc: PlatformComponentDocument,
  clusters: readonly ClusterEntry[] | null,
): Resolution<PlatformComponentDocument> {
  const name = doc.value.cluster.name;
  if (name === undefined) return { kind: 'resolved', document: doc };
  if (clusters === null) return { kind: 'unread' };
  const cluster = resolveCluster(name, clusters);
  if (!cluster.ok) {
    const error = {
      ...cluster.error,
      message: cluster.error.message.replace('cluster_id: <id>', 'cluster: {id: <id>}'),
    };
    return { kind: 'failed', diagnostics: [nameFinding(doc.file, doc.locate(['cluster', 'name']), error)] };
  }
  const value = { ...doc.value, cluster: { ...doc.value.cluster, id: cluster.value.id } };
  return { kind: 'resolved', document: { ...doc, value } };
}

/** The project an environment reference names, or null when its form is wrong (the resolver says how). */
function projectOf(reference: EnvironmentPath): string | null {
  if (typeof reference !== 'string') return reference.project.trim();
  const parts = parseNamePath(reference, ['project', 'environment']);
  return parts.ok ? parts.value[0]! : null;
}

function nameFinding(file: string, at: SourceRange, error: NameError): Diagnostic {
  return diagnostic('error', file, at, NAME_CODES[error.code], error.message);
}
