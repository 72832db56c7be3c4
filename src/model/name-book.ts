/**
 * Ids to names, from the name lists a run read: what a report shows beside each id, whichever form a
 * document used. Uuids are unique across organizations, so one book serves every organization of a run.
 * An id absent from the lists (or a list not read) has no name: null, never a guess.
 */
import type { ClusterEntry, EnvironmentEntry, ProjectEntry, ServiceEntry } from '../names/types.js';
import type { AlertReceiver, AlertTarget } from '../service/types.js';
import type { NamedId, NamedTarget } from './alert-rule-change.js';

export interface NameLists {
  readonly clusters: readonly ClusterEntry[];
  readonly services: readonly ServiceEntry[];
  readonly projects: readonly ProjectEntry[];
  readonly environments: readonly EnvironmentEntry[];
  readonly receivers: readonly AlertReceiver[];
}

export interface NameBook {
  cluster(id: string): NamedId;
  target(target: AlertTarget): NamedTarget;
  receiver(id: string): NamedId;
}

export const NO_NAMES: NameBook = nameBook({
  clusters: [],
  services: [],
  projects: [],
  environments: [],
  receivers: [],
});

export function nameBook(lists: NameLists): NameBook {
  const key = (id: string) => id.toLowerCase();
  const clusters = new Map(lists.clusters.map((c) => [key(c.id), c.name]));
  const services = new Map(lists.services.map((s) => [key(s.id), s]));
  const receivers = new Map(lists.receivers.map((r) => [key(r.id), r.name]));
  const projects = new Map(lists.projects.map((p) => [key(p.id), p.name]));
  // An environment's name and project: from the environments listed, else from any service in it.
  const environments = new Map<string, { name: string; project: string | null }>();
  for (const s of lists.services) {
    environments.set(key(s.environmentId), { name: s.environmentName, project: s.projectName });
  }
  for (const e of lists.environments) {
    environments.set(key(e.id), { name: e.name, project: projects.get(key(e.projectId)) ?? null });
  }
  return {
    cluster: (id) => ({ id, name: clusters.get(key(id)) ?? null }),
    receiver: (id) => ({ id, name: receivers.get(key(id)) ?? null }),
    target: ({ target_type: type, target_id: id }) => {
      if (type === 'CLUSTER') return { id, type, name: clusters.get(key(id)) ?? null, within: null };
      if (type === 'ENVIRONMENT') {
        const environment = environments.get(key(id));
        return { id, type, name: environment?.name ?? null, within: environment?.project ?? null };
      }
      const service = services.get(key(id));
      return service === undefined
        ? { id, type, name: null, within: null }
        : { id, type, name: service.name, within: `${service.projectName}/${service.environmentName}` };
    },
  };
}

/** A target as a sentence reads it: `api in shop/production · APPLICATION (3342f57c-…)`. */
export function describeTarget(target: NamedTarget): string {
  if (target.name === null) return `${target.type} ${target.id}`;
  const within = target.within === null ? '' : ` in ${target.within}`;
  return `"${target.name}"${within} · ${target.type} (${target.id})`;
}

/** A cluster (or receiver) as a sentence reads it: `"prod-eu" (3652a47c-…)`, or the bare id. */
export function describeNamed(named: NamedId): string {
  return named.name === null ? named.id : `"${named.name}" (${named.id})`;
}
