/**
 * The service's name lists for one run (and its receivers, which rules name), each read at most once per organization (environments: once per
 * project), and only when asked for: a run whose documents and reports name nothing reads none. Answers
 * are mapped onto the resolver's entry types (names/types.ts). A failed read is kept as its finding, so
 * every document that needed the list reports the same one cause, said once by the caller.
 */
import type { ClusterEntry, EnvironmentEntry, ProjectEntry, ServiceEntry } from '../names/types.js';
import type { AlertReceiver, ServiceClient } from '../service/types.js';
import { type Read, readOrFind } from './service-findings.js';

export interface NameDirectory {
  clusters(organizationId: string): Promise<Read<readonly ClusterEntry[]>>;
  services(organizationId: string): Promise<Read<readonly ServiceEntry[]>>;
  projects(organizationId: string): Promise<Read<readonly ProjectEntry[]>>;
  environments(projectId: string): Promise<Read<readonly EnvironmentEntry[]>>;
  /**
   * The organization's alert receivers: for plan's receivers and the rules naming them, and for export's
   * rules and its receiver documents, alike.
   */
  receivers(organizationId: string): Promise<Read<readonly AlertReceiver[]>>;
}

/** A directory over `client`; the same promise answers every later ask for the same list. */
export function nameDirectory(client: ServiceClient): NameDirectory {
  const asked = new Map<string, Promise<Read<readonly unknown[]>>>();
  function once<T>(key: string, read: () => Promise<Read<readonly T[]>>): Promise<Read<readonly T[]>> {
    let answer = asked.get(key);
    if (answer === undefined) {
      answer = read();
      asked.set(key, answer);
    }
    return answer as Promise<Read<readonly T[]>>;
  }
  return {
    clusters: (org) =>
      once(`clusters ${org}`, () =>
        readOrFind(
          client.listOrganizationCluster(org).then((list) => list.map((c) => ({ id: c.id, name: c.name }))),
          `The clusters of organization ${org} could not be read`,
        ),
      ),
    services: (org) =>
      once(`services ${org}`, () =>
        readOrFind(
          client.listServicesByOrganizationId(org).then((list) =>
            list.map(
              (s): ServiceEntry => ({
                id: s.id,
                name: s.name,
                type: s.service_type,
                jobType: s.job_type,
                projectId: s.project_id,
                projectName: s.project_name,
                environmentId: s.environment_id,
                environmentName: s.environment_name,
                clusterId: s.cluster_id,
              }),
            ),
          ),
          `The services of organization ${org} could not be read`,
        ),
      ),
    projects: (org) =>
      once(`projects ${org}`, () =>
        readOrFind(
          client.listProject(org).then((list) => list.map((p) => ({ id: p.id, name: p.name }))),
          `The projects of organization ${org} could not be read`,
        ),
      ),
    environments: (projectId) =>
      once(`environments ${projectId}`, () =>
        readOrFind(
          client.listEnvironment(projectId).then((list) =>
            list.map(
              (e): EnvironmentEntry => ({
                id: e.id,
                name: e.name,
                projectId: e.project_id,
                clusterId: e.cluster_id,
              }),
            ),
          ),
          `The environments of project ${projectId} could not be read`,
        ),
      ),
    receivers: (org) =>
      once(`receivers ${org}`, () =>
        readOrFind(
          client.getAlertReceivers(org),
          `The alert receivers of organization ${org} could not be read`,
        ),
      ),
  };
}
