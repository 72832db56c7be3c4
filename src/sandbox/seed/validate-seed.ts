import type { Cluster, GhostRule, ManagedRule, Organization, Receiver, Seed, TokenGrant } from '../model.js';
import { CLOUD_PROVIDERS, CLUSTER_MODES, RECEIVER_SECRET_FIELDS } from '../wire.js';
import { SeedError } from './seed-error.js';
import { SeedReader } from './seed-reader.js';
import { readTemplate } from './validate-catalog.js';
import { readDeployment } from './validate-deployments.js';
import { readClusterMetrics } from './validate-metrics.js';
import { type ProjectTree, readProject } from './validate-projects.js';
import { readReceiverFields } from './validate-receivers.js';
import { readSeedRule } from './validate-rules.js';

/** When a seed entry that the service dates does not say when it was created. */
export const SEED_EPOCH = '2026-01-01T00:00:00Z';

/** One seed file's content (or a seed object), with the name used in error messages. */
export interface SeedPart {
  readonly file: string;
  readonly value: unknown;
}

const SECTIONS = [
  'organizations',
  'tokens',
  'clusters',
  'projects',
  'alertRules',
  'alertReceivers',
  'templates',
  'deployments',
  'metrics',
] as const;

/** Where each item came from, so that a cross-reference error names the right file. */
interface Located<T> {
  readonly item: T;
  readonly at: SeedReader;
}

/**
 * Validates the seed parts and joins them into one Seed. Every section may appear in any part (lists are
 * concatenated). Throws a SeedError naming the file and the field at the first problem.
 */
export function validateSeed(parts: readonly SeedPart[]): Seed {
  const organizations: Located<Organization>[] = [];
  const tokens: Located<TokenGrant>[] = [];
  const clusters: Located<Cluster>[] = [];
  const projects: Located<ProjectTree>[] = [];
  const receivers: Located<Receiver>[] = [];
  const rules: Located<ManagedRule | GhostRule>[] = [];
  const templates: Located<ReturnType<typeof readTemplate>>[] = [];
  const deployments: Located<ReturnType<typeof readDeployment>>[] = [];
  const metrics: Located<ReturnType<typeof readClusterMetrics>>[] = [];

  for (const part of parts) {
    const top = new SeedReader(part.value, part.file, '');
    if (part.value === null || part.value === undefined) continue;
    for (const key of Object.keys(top.object())) {
      // `x-…` keys hold YAML anchors shared by several entries (the catalog's components).
      if (key.startsWith('x-')) continue;
      if (!(SECTIONS as readonly string[]).includes(key)) {
        top.field(key).fail(`unknown section; expected one of ${SECTIONS.join(', ')} (or an x-… anchor key)`);
      }
    }
    const each = <T>(section: string, read: (r: SeedReader) => T, into: Located<T>[]) => {
      for (const at of top.field(section).optionalItems()) into.push({ item: read(at), at });
    };
    each('organizations', readOrganization, organizations);
    each('tokens', readToken, tokens);
    each('clusters', readCluster, clusters);
    each('projects', (r) => readProject(r, SEED_EPOCH), projects);
    each('alertReceivers', readReceiver, receivers);
    each('alertRules', readSeedRule, rules);
    each('templates', readTemplate, templates);
    each('deployments', readDeployment, deployments);
    each('metrics', readClusterMetrics, metrics);
  }

  if (organizations.length === 0) throw new SeedError('the seed defines no organizations');
  if (tokens.length === 0) throw new SeedError('the seed defines no tokens');
  unique(organizations, (o) => o.id, 'id');
  unique(tokens, (t) => t.token, 'token');
  unique(clusters, (c) => c.id, 'id');
  unique(receivers, (r) => r.id, 'id');
  unique(projects, (p) => p.project.id, 'id');
  unique(
    rules.filter((r): r is Located<ManagedRule> => 'id' in r.item),
    (r) => r.id,
    'id',
  );
  unique(templates, (t) => `${t.key}@${t.version}`, 'version');
  unique(deployments, (d) => d.id, 'id');
  unique(metrics, (m) => m.cluster_id, 'cluster_id');

  const orgIds = new Set(organizations.map((o) => o.item.id));
  const requireOrg = (at: SeedReader, id: string, field = 'organization_id') => {
    if (!orgIds.has(id)) at.field(field).fail(`organization ${id} is not among the seed's organizations`);
  };
  for (const { item, at } of tokens) {
    item.organizations.forEach((id, i) => {
      if (!orgIds.has(id)) at.field('organizations').item(i).fail(`unknown organization ${id}`);
    });
  }
  for (const { item, at } of clusters) requireOrg(at, item.organization_id);
  for (const { item, at } of receivers) requireOrg(at, item.organization_id);
  const clusterById = new Map(clusters.map((c) => [c.item.id, c.item]));
  const receiverById = new Map(receivers.map((r) => [r.item.id, r.item]));
  checkProjects(projects, requireOrg, clusterById);
  for (const { item, at } of rules) {
    requireOrg(at, item.organization_id);
    if (!('id' in item)) continue;
    const cluster = clusterById.get(item.cluster_id);
    if (cluster?.organization_id !== item.organization_id) {
      at.field('cluster_id').fail(`no cluster ${item.cluster_id} in organization ${item.organization_id}`);
    }
    item.alert_receiver_ids.forEach((id, i) => {
      if (receiverById.get(id)?.organization_id !== item.organization_id) {
        at.field('alert_receiver_ids')
          .item(i)
          .fail(`no receiver ${id} in organization ${item.organization_id}`);
      }
    });
  }
  for (const { item, at } of deployments) {
    if (!clusterById.has(item.cluster_id)) at.field('cluster_id').fail(`unknown cluster ${item.cluster_id}`);
  }
  for (const { item, at } of metrics) {
    if (!clusterById.has(item.cluster_id)) at.field('cluster_id').fail(`unknown cluster ${item.cluster_id}`);
  }

  const all = rules.map((r) => r.item);
  return {
    organizations: organizations.map((o) => o.item),
    tokens: tokens.map((t) => t.item),
    clusters: clusters.map((c) => c.item),
    projects: projects.map((p) => p.item.project),
    environments: projects.flatMap((p) => p.item.environments.map((e) => e.item)),
    services: projects.flatMap((p) => p.item.services.map((s) => s.item)),
    alertReceivers: receivers.map((r) => r.item),
    alertRules: all.filter((r): r is ManagedRule => 'id' in r),
    ghostRules: all.filter((r): r is GhostRule => !('id' in r)),
    templates: templates.map((t) => t.item),
    deployments: deployments.map((d) => d.item),
    metrics: metrics.map((m) => m.item),
  };
}

/**
 * Projects belong to a seed organization, each environment's cluster to the same organization, and ids
 * are unique across all projects (a service's name may repeat: names are not unique at the service).
 */
function checkProjects(
  projects: readonly Located<ProjectTree>[],
  requireOrg: (at: SeedReader, id: string) => void,
  clusterById: ReadonlyMap<string, Cluster>,
): void {
  const environmentIds = new Set<string>();
  const serviceIds = new Set<string>();
  for (const { item } of projects) {
    const { project } = item;
    requireOrg(item.at, project.organization_id);
    for (const environment of item.environments) {
      const { id, cluster_id } = environment.item;
      if (environmentIds.has(id)) environment.at.field('id').fail(`duplicate: "${id}" is defined twice`);
      environmentIds.add(id);
      if (clusterById.get(cluster_id)?.organization_id !== project.organization_id) {
        environment.at
          .field('cluster_id')
          .fail(`no cluster ${cluster_id} in organization ${project.organization_id}`);
      }
    }
    for (const service of item.services) {
      if (serviceIds.has(service.item.id))
        service.at.field('id').fail(`duplicate: "${service.item.id}" is defined twice`);
      serviceIds.add(service.item.id);
    }
  }
}

function unique<T>(items: readonly Located<T>[], keyOf: (item: T) => string, field: string): void {
  const seen = new Set<string>();
  for (const { item, at } of items) {
    const key = keyOf(item);
    if (seen.has(key)) at.field(field).fail(`duplicate: "${key}" is defined twice`);
    seen.add(key);
  }
}

function readOrganization(item: SeedReader): Organization {
  return { id: item.field('id').uuid(), name: item.field('name').string() };
}

function readToken(item: SeedReader): TokenGrant {
  return {
    token: item.field('token').string(),
    organizations: item
      .field('organizations')
      .items()
      .map((o) => o.uuid()),
    scheme: item.has('scheme') ? item.field('scheme').oneOf(['Token', 'Bearer'] as const) : null,
  };
}

function readCluster(item: SeedReader): Cluster {
  return {
    id: item.field('id').uuid(),
    organization_id: item.field('organization_id').uuid(),
    name: item.field('name').string(),
    cloud_provider: item.field('cloud_provider').oneOf(CLOUD_PROVIDERS),
    mode: item.has('mode') ? item.field('mode').oneOf(CLUSTER_MODES) : 'QOVERY_MANAGED',
    region: item.has('region') ? item.field('region').string() : '',
    created_at: item.field('created_at').optionalTimestamp() ?? SEED_EPOCH,
    legacy: item.field('legacy').boolean(false),
  };
}

/** Receivers as the service returns them; secrets (webhook urls, passwords) are refused. */
function readReceiver(item: SeedReader): Receiver {
  const raw = item.object();
  for (const secret of Object.values(RECEIVER_SECRET_FIELDS)) {
    if (secret in raw) item.field(secret).fail('the service never returns receiver secrets: remove it');
  }
  return readReceiverFields(item, item.field('created_at').timestamp());
}
