/**
 * How an exported document writes what its rule references: by name where the name finds that one thing
 * again, by id otherwise, with the reason as a comment above the key. Pure: the lists are read by the
 * caller (commands/export-names.ts), at most once each.
 *
 * A name is written only when the resolver that reads documents (src/names/) resolves it back to the same
 * id, and so the same target type: an exported file plans to no change. Names are not unique at the
 * service; a name shared by several entries, an id that no list holds, or a list that could not be read
 * keeps the id form.
 */
import {
  type ClusterEntry,
  type EnvironmentEntry,
  type NameError,
  type NameResult,
  normalizeName,
  type ProjectEntry,
  type ResolvedTarget,
  resolveCluster,
  resolveClusterTarget,
  resolveEnvironmentTarget,
  resolveServiceTarget,
  SERVICE_TARGET_TYPES,
  type ServiceEntry,
} from '../../names/index.js';
import type { ManagedAlertRule } from '../../service/types.js';

/** The name lists an export reads; null: not read (not needed, or the read failed: the caller warns). */
export interface ExportNameLists {
  readonly clusters: readonly ClusterEntry[] | null;
  readonly services: readonly ServiceEntry[] | null;
  readonly projects: readonly ProjectEntry[] | null;
  /** The environments of the projects that were read. */
  readonly environments: readonly EnvironmentEntry[] | null;
  readonly receivers: readonly { readonly id: string; readonly name: string }[] | null;
}

/** No list at all: every reference is written by id, as before names were known. */
export const NO_NAME_LISTS: ExportNameLists = {
  clusters: null,
  services: null,
  projects: null,
  environments: null,
  receivers: null,
};

/** One key of the document, its value, and why it is an id where a name was wanted (null: no comment). */
export interface ReferenceEntry {
  readonly key: 'cluster' | 'cluster_id' | 'target' | 'alert_receivers' | 'alert_receiver_ids';
  readonly value: unknown;
  readonly why: string | null;
}

/** Which lists naming `rules` needs: none is read for nothing. */
export function namesNeeded(rules: readonly ManagedAlertRule[]): {
  readonly clusters: boolean;
  readonly services: boolean;
  readonly environments: boolean;
  readonly receivers: boolean;
} {
  return {
    clusters: rules.length > 0,
    services: rules.some((r) => SERVICE_TARGET_TYPES.has(r.target.target_type)),
    environments: rules.some((r) => r.target.target_type === 'ENVIRONMENT'),
    receivers: rules.some((r) => r.alert_receiver_ids.length > 0),
  };
}

/** The rule's cluster, target and receivers as the document writes them, in the document's order. */
export function referenceEntries(rule: ManagedAlertRule, lists: ExportNameLists): ReferenceEntry[] {
  return [clusterEntry(rule, lists), targetEntry(rule, lists), ...receiverEntries(rule, lists)];
}

function clusterEntry(rule: ManagedAlertRule, lists: ExportNameLists): ReferenceEntry {
  const byId = (why: string): ReferenceEntry => ({ key: 'cluster_id', value: rule.cluster_id, why });
  if (lists.clusters === null) return byId(unread('clusters'));
  const cluster = findById(lists.clusters, rule.cluster_id);
  if (cluster === undefined) return byId('By id: no cluster of the organization has this id.');
  if (blank(cluster.name)) return byId(noName('cluster', cluster.id));
  const back = resolveCluster(cluster.name, lists.clusters);
  return sameId(back, rule.cluster_id, (c) => c.id)
    ? { key: 'cluster', value: cluster.name, why: null }
    : byId(notNamed('cluster', cluster.name, back));
}

function targetEntry(rule: ManagedAlertRule, lists: ExportNameLists): ReferenceEntry {
  const { target_type: type, target_id: id } = rule.target;
  const byId = (why: string | null): ReferenceEntry => ({
    key: 'target',
    value: { target_type: type, target_id: id },
    why,
  });
  const named = (value: Record<string, unknown>, back: NameResult<ResolvedTarget>, name: string) =>
    back.ok && sameTarget(back.value, rule)
      ? { key: 'target' as const, value, why: null }
      : byId(
          back.ok
            ? `By id: ${JSON.stringify(name)} is a ${back.value.target_type} target, the rule's target_type is ${type}.`
            : notNamed(type.toLowerCase(), name, back),
        );

  if (type === 'CLUSTER') {
    if (lists.clusters === null) return byId(unread('clusters'));
    const cluster = findById(lists.clusters, id);
    if (cluster === undefined) return byId('By id: no cluster of the organization has this id.');
    if (blank(cluster.name)) return byId(noName('cluster', cluster.id));
    return named({ cluster: cluster.name }, resolveClusterTarget(cluster.name, lists.clusters), cluster.name);
  }
  if (type === 'ENVIRONMENT') {
    if (lists.projects === null || lists.environments === null)
      return byId(unread('projects and environments'));
    const environment = findById(lists.environments, id);
    const project = environment && findById(lists.projects, environment.projectId);
    if (environment === undefined || project === undefined)
      return byId('By id: no environment of the organization has this id.');
    const parts = { project: project.name, environment: environment.name };
    const reference = holdsSlash(parts) ? parts : `${project.name}/${environment.name}`;
    // The mapping form sits under its key, as the schema writes it: `environment: {project, environment}`.
    const value = { environment: reference };
    const back = resolveEnvironmentTarget(reference, lists.projects, lists.environments);
    return named(value, back, `${project.name}/${environment.name}`);
  }
  if (SERVICE_TARGET_TYPES.has(type)) {
    if (lists.services === null) return byId(unread('services'));
    const service = findById(lists.services, id);
    if (service === undefined) return byId('By id: no service of the organization has this id.');
    const parts = {
      project: service.projectName,
      environment: service.environmentName,
      service: service.name,
    };
    const path = `${parts.project}/${parts.environment}/${parts.service}`;
    const reference = holdsSlash(parts) ? parts : path;
    const value = { service: reference };
    return named(value, resolveServiceTarget(reference, lists.services), path);
  }
  // A target type with no name form.
  return byId(null);
}

/**
 * Receivers by name where each name is one receiver's, compared both exactly and without case and
 * surrounding spaces (the strictest of the rules a reader may apply); the others by id, said why.
 */
function receiverEntries(rule: ManagedAlertRule, lists: ExportNameLists): ReferenceEntry[] {
  const ids = rule.alert_receiver_ids;
  if (ids.length === 0) return [{ key: 'alert_receiver_ids', value: [], why: null }];
  if (lists.receivers === null)
    return [{ key: 'alert_receiver_ids', value: [...ids], why: unread('receivers') }];
  const receivers = lists.receivers;
  const names: string[] = [];
  const byId: string[] = [];
  const reasons: string[] = [];
  for (const id of ids) {
    const receiver = findById(receivers, id);
    if (receiver === undefined) {
      byId.push(id);
      reasons.push(`no receiver of the organization has the id ${id}`);
      continue;
    }
    const sharing = receivers.filter((r) => normalizeName(r.name) === normalizeName(receiver.name));
    if (blank(receiver.name) || sharing.length > 1) {
      byId.push(id);
      reasons.push(
        blank(receiver.name)
          ? `receiver ${id} has no name`
          : `${sharing.length} receivers are named ${JSON.stringify(receiver.name)} (${sharing.map((r) => r.id).join(', ')})`,
      );
      continue;
    }
    names.push(receiver.name);
  }
  const entries: ReferenceEntry[] = [];
  if (names.length > 0) entries.push({ key: 'alert_receivers', value: names, why: null });
  if (byId.length > 0)
    entries.push({ key: 'alert_receiver_ids', value: byId, why: `By id: ${reasons.join('; ')}.` });
  return entries;
}

/** The schema refuses a blank name (a name of spaces only): such a thing is written by id. */
function blank(name: string): boolean {
  return name.trim() === '';
}

function noName(kind: string, id: string): string {
  return `By id: ${kind} ${id} has no name.`;
}

function unread(what: string): string {
  return `By id: the ${what} of the organization could not be read (see the export's warning).`;
}

/** Why a name found does not stand for its id: the resolver's error, shortened to what a comment says. */
function notNamed<T>(kind: string, name: string, back: NameResult<T>): string {
  if (back.ok) return `By id: the name ${JSON.stringify(name)} finds another ${kind}.`;
  return `By id: ${shortReason(name, back.error)}.`;
}

function shortReason(name: string, error: NameError): string {
  // "2 services are named "worker" in environment "staging" of project "shop"", then each id.
  if (error.code === 'ambiguous-name')
    return `${firstSentence(error.message)} (${error.candidates.map((c) => c.id).join(', ')})`;
  return `the name ${JSON.stringify(name)} does not find it again: ${firstSentence(error.message)}`;
}

/** The message up to its first full stop or colon: the part that says what is wrong. */
function firstSentence(text: string): string {
  const end = text.search(/[.:](\s|$)/);
  return end < 0 ? text : text.slice(0, end);
}

function findById<T extends { readonly id: string }>(entries: readonly T[], id: string): T | undefined {
  const wanted = id.toLowerCase();
  return entries.find((e) => e.id.toLowerCase() === wanted);
}

function sameId<T>(result: NameResult<T>, id: string, idOf: (value: T) => string): boolean {
  return result.ok && idOf(result.value).toLowerCase() === id.toLowerCase();
}

function sameTarget(resolved: ResolvedTarget, rule: ManagedAlertRule): boolean {
  return (
    resolved.target_type === rule.target.target_type &&
    resolved.target_id.toLowerCase() === rule.target.target_id.toLowerCase()
  );
}

/** A path of these names would split wrongly: the mapping form instead. */
function holdsSlash(parts: Readonly<Record<string, string>>): boolean {
  return Object.values(parts).some((name) => name.includes('/'));
}
