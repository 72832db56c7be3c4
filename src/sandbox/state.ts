/**
 * The sandbox's live state and the helpers tests use to read and arrange it. The state is opaque to
 * callers (SandboxState); these functions are the only way in, and they validate what they are given with
 * the seed's own rules, so that a test cannot arrange a state the service could not hold.
 */

import type {
  Deployment,
  GhostRule,
  ManagedRule,
  Receiver,
  Seed,
  SentTestMessage,
  TokenGrant,
} from './model.js';
import type { Clock } from './sandbox-clock.js';
import { SeedReader } from './seed/seed-reader.js';
import { readDeployment } from './seed/validate-deployments.js';
import { readClusterMetrics } from './seed/validate-metrics.js';
import { readSeedRule } from './seed/validate-rules.js';
import type { ClusterMetrics } from './synthetic-series.js';
import type { SandboxState } from './types.js';

export interface SandboxStore extends SandboxState {
  readonly seed: Seed;
  readonly clock: Clock;
  readonly upToDateDelayMs: number;
  readonly grants: ReadonlyMap<string, TokenGrant>;
  /** Managed rules by id, in creation order (the order the list answers in). */
  readonly rules: Map<string, ManagedRule>;
  ghosts: GhostRule[];
  /** Deployments by cluster id. */
  readonly deployments: Map<string, Deployment[]>;
  /** Counter behind the ids of created rules: deterministic, so snapshots are stable. */
  createdRules: number;
  /** The Prometheus get-cluster-metrics passes queries to, when not the seeded series (SandboxOptions). */
  readonly metricsFrom?: string;
  /** Seeded time series by cluster id (get-cluster-metrics). */
  readonly metrics: Map<string, ClusterMetrics>;
  /** Receivers by id, in creation order (the order the list answers in). */
  readonly receivers: Map<string, Receiver>;
  /**
   * Each receiver's secret (its webhook url or SMTP password) by receiver id, apart from the receiver so
   * that no answer built from a receiver can carry it. Seeded receivers have none (a seed holds answers).
   */
  readonly receiverSecrets: Map<string, string>;
  /** The test messages "sent", oldest first. */
  readonly testMessages: SentTestMessage[];
  createdReceivers: number;
}

export function createStore(
  seed: Seed,
  clock: Clock,
  upToDateDelayMs: number,
  metricsFrom?: string,
): SandboxStore {
  const deployments = new Map<string, Deployment[]>();
  for (const deployment of seed.deployments) {
    const list = deployments.get(deployment.cluster_id) ?? [];
    list.push(deployment);
    deployments.set(deployment.cluster_id, list);
  }
  return {
    kind: 'sandbox-state',
    seed,
    clock,
    upToDateDelayMs,
    ...(metricsFrom === undefined ? {} : { metricsFrom }),
    grants: new Map(seed.tokens.map((t) => [t.token, t])),
    rules: new Map(seed.alertRules.map((r) => [r.id, r])),
    metrics: new Map(seed.metrics.map((m) => [m.cluster_id, m])),
    ghosts: [...seed.ghostRules],
    deployments,
    createdRules: 0,
    receivers: new Map(seed.alertReceivers.map((r) => [r.id, r])),
    receiverSecrets: new Map(),
    testMessages: [],
    createdReceivers: 0,
  };
}

export function asStore(state: SandboxState): SandboxStore {
  if (state.kind !== 'sandbox-state' || !('rules' in state)) throw new TypeError('not a sandbox state');
  return state as SandboxStore;
}

/** A managed rule as the service answers it (getAlertRule, and items of getAlertRules). */
export function managedRuleResponse(rule: ManagedRule, now: number): Record<string, unknown> {
  return {
    id: rule.id,
    created_at: rule.created_at,
    // Not nullable in the description: left out when there is no value, never null.
    ...(rule.updated_at === null ? {} : { updated_at: rule.updated_at }),
    source: 'MANAGED',
    name: rule.name,
    state: rule.state,
    organization_id: rule.organization_id,
    cluster_id: rule.cluster_id,
    target: rule.target,
    description: rule.description,
    tag: rule.tag,
    condition: rule.condition,
    for_duration: rule.for_duration,
    severity: rule.severity,
    enabled: rule.enabled,
    alert_receiver_ids: rule.alert_receiver_ids,
    presentation: rule.presentation,
    is_up_to_date: rule.syncedAt === null ? rule.is_up_to_date : now >= rule.syncedAt,
    ...(rule.starts_at === null ? {} : { starts_at: rule.starts_at }),
  };
}

export function ghostRuleResponse(rule: GhostRule): Record<string, unknown> {
  return {
    source: 'GHOST',
    name: rule.name,
    state: rule.state,
    target: rule.target,
    starts_at: rule.starts_at,
  };
}

/** What getAlertRules answers for an organization right now: managed rules, then ghosts. */
export function liveRules(state: SandboxState, organizationId: string): Record<string, unknown>[] {
  const store = asStore(state);
  const now = store.clock.now();
  const managed = [...store.rules.values()]
    .filter((r) => r.organization_id === organizationId)
    .map((r) => managedRuleResponse(r, now));
  const ghosts = store.ghosts.filter((g) => g.organization_id === organizationId).map(ghostRuleResponse);
  return [...managed, ...ghosts];
}

/** One managed rule as getAlertRule would answer, or undefined. */
export function liveRule(state: SandboxState, id: string): Record<string, unknown> | undefined {
  const store = asStore(state);
  const rule = store.rules.get(id.toLowerCase());
  return rule ? managedRuleResponse(rule, store.clock.now()) : undefined;
}

/**
 * Adds or replaces a rule (e.g. one edited in the console since the plan). Written like a seed entry:
 * `source: GHOST` adds a ghost. Throws a SeedError naming the bad field.
 */
export function putLiveRule(state: SandboxState, rule: unknown): void {
  const store = asStore(state);
  const at = new SeedReader(rule, 'putLiveRule', 'rule');
  const read = readSeedRule(at);
  requireSeedOrganization(store, at, read.organization_id);
  if ('id' in read && !store.seed.clusters.some((c) => c.id === read.cluster_id)) {
    at.field('cluster_id').fail(`cluster ${read.cluster_id} is not among the seed's clusters`);
  }
  if ('id' in read) store.rules.set(read.id, read);
  else store.ghosts.push(read);
}

/** What a test arranges (a rule, a receiver) belongs to one of the seed's organizations, or it fails there. */
export function requireSeedOrganization(store: SandboxStore, at: SeedReader, organizationId: string): void {
  if (!store.seed.organizations.some((o) => o.id === organizationId)) {
    at.field('organization_id').fail(`organization ${organizationId} is not among the seed's organizations`);
  }
}

/** Removes a managed rule; returns whether it existed. */
export function removeLiveRule(state: SandboxState, id: string): boolean {
  return asStore(state).rules.delete(id.toLowerCase());
}

/** Replaces a cluster's deployments (each written like a seed entry, with its `logs`). */
export function setDeployments(
  state: SandboxState,
  clusterId: string,
  deployments: readonly unknown[],
): void {
  const store = asStore(state);
  const read = deployments.map((d, i) =>
    readDeployment(new SeedReader({ cluster_id: clusterId, ...(d as object) }, 'setDeployments', `[${i}]`)),
  );
  store.deployments.set(clusterId.toLowerCase(), read);
}

/**
 * Replaces a cluster's seeded time series (written like a `metrics` entry of a seed file, without its
 * `cluster_id`), e.g. a series that fires all week for one test; an empty list leaves the cluster without any.
 */
export function setClusterMetrics(state: SandboxState, clusterId: string, entry: unknown): void {
  const store = asStore(state);
  const read = readClusterMetrics(
    new SeedReader({ ...(entry as object), cluster_id: clusterId }, 'setClusterMetrics', ''),
  );
  store.metrics.set(read.cluster_id, read);
}
