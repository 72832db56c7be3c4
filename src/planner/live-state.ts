/**
 * The live state a plan compares with, in the fewest requests: ONE getAlertRules per organization, ONE
 * getAlertReceivers per organization whose rules name receivers (by id or by name: every rule does),
 * nothing per rule. A read that fails becomes an error finding and that organization is left out; the
 * others are planned.
 */

import { mapWithConcurrency } from '../core/concurrency.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import type { ApiError } from '../service/errors.js';
import type { AlertReceiver, LiveAlertRule, ServiceClient } from '../service/types.js';
import { organizationsOf } from './documents-by-kind.js';
import type { NameDirectory } from './name-directory.js';
import { type Read, readOrFind } from './service-findings.js';

/** What a step found: its value, and the findings it adds to the run's. */
export interface Found<T> {
  readonly diagnostics: readonly Diagnostic[];
  readonly value: T;
  /** The errors behind the failed reads' findings. */
  readonly errors?: readonly ApiError[];
}

/** ONE list call per organization; a failure becomes an error finding and that organization is not planned. */
export async function readLive(
  client: ServiceClient,
  organizations: readonly string[],
  concurrency: number,
): Promise<Found<Map<string, readonly LiveAlertRule[]>>> {
  const read = await mapWithConcurrency(organizations, concurrency, (org) =>
    readOrFind(client.getAlertRules(org), `The alert rules of organization ${org} could not be read`),
  );
  return byOrganization(organizations, read);
}

/**
 * The receivers of each organization read above whose rules name receivers: names are resolved and ids
 * checked against them (kinds/alert-rule/receiver-names.ts), so that a receiver the service would refuse fails the plan,
 * not the apply after the merge.
 */
export async function readReceivers(
  directory: NameDirectory,
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  live: ReadonlyMap<string, unknown>,
  concurrency: number,
  reported: readonly ApiError[] = [],
  known?: ReadonlyMap<string, readonly AlertReceiver[]>,
): Promise<Found<Map<string, readonly AlertReceiver[]> | null>> {
  const named = rules.filter(
    (doc) => (doc.value.alert_receivers ?? []).length > 0 || (doc.value.alert_receiver_ids ?? []).length > 0,
  );
  const wanted = organizationsOf(named, defaultOrganizationId).filter((org) => live.has(org));
  // The organizations whose receivers the receivers' plan read are known already, as that plan leaves them.
  const organizations = wanted.filter((org) => !known?.has(org));
  if (wanted.length === 0) return { value: null, diagnostics: [] };
  if (organizations.length === 0) return { value: new Map(known), diagnostics: [] };
  const read = await mapWithConcurrency(organizations, concurrency, (org) => directory.receivers(org));
  // A token refused while the rules were read is refused for every later call of the run, unsent (the
  // client's rule): that refusal was reported once already.
  const found = byOrganization(organizations, read);
  const value: Map<string, readonly AlertReceiver[]> = found.value;
  for (const [org, receivers] of known ?? []) value.set(org, receivers);
  const again = new Set<ApiError>(reported);
  return {
    ...found,
    value,
    diagnostics: read.flatMap((r) => (r.ok || again.has(r.error) ? [] : [r.diagnostic])),
  };
}

/** The answers by organization, in the documents' order (not the order answers arrived in), and the failures. */
function byOrganization<T>(
  organizations: readonly string[],
  read: readonly Read<T>[],
): Found<Map<string, T>> {
  return {
    value: new Map(organizations.flatMap((org, i) => (read[i]!.ok ? [[org, read[i]!.value] as const] : []))),
    diagnostics: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
    errors: read.flatMap((r) => (r.ok ? [] : [r.error])),
  };
}
