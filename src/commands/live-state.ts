/**
 * The live state a plan compares with, in the fewest requests: ONE getAlertRules per organization, one
 * getAlertReceivers per organization only when a document names receivers, nothing per rule. A read that
 * fails becomes an error finding and that organization is left out; the others are planned.
 */

import { mapWithConcurrency } from '../core/concurrency.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { AlertRuleDocument } from '../documents/types.js';
import type { AlertReceiver, LiveAlertRule, ServiceClient } from '../service/types.js';
import { organizationsOf } from './documents-by-kind.js';
import { type Read, readOrFind } from './service-findings.js';

/** What a step found: its value, and the findings it adds to the run's. */
export interface Found<T> {
  readonly diagnostics: readonly Diagnostic[];
  readonly value: T;
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

/** Receivers are read only for organizations where a document names receivers by name. */
export async function readReceivers(
  client: ServiceClient,
  rules: readonly AlertRuleDocument[],
  defaultOrganizationId: string | null,
  live: ReadonlyMap<string, unknown>,
  concurrency: number,
): Promise<Found<Map<string, readonly AlertReceiver[]> | null>> {
  const named = rules.filter((doc) => (doc.value.alert_receivers ?? []).length > 0);
  const organizations = organizationsOf(named, defaultOrganizationId).filter((org) => live.has(org));
  if (organizations.length === 0) return { value: null, diagnostics: [] };
  const read = await mapWithConcurrency(organizations, concurrency, (org) =>
    readOrFind(client.getAlertReceivers(org), `The alert receivers of organization ${org} could not be read`),
  );
  return byOrganization(organizations, read);
}

/** The answers by organization, in the documents' order (not the order answers arrived in), and the failures. */
function byOrganization<T>(
  organizations: readonly string[],
  read: readonly Read<T>[],
): Found<Map<string, T>> {
  return {
    value: new Map(organizations.flatMap((org, i) => (read[i]!.ok ? [[org, read[i]!.value] as const] : []))),
    diagnostics: read.flatMap((r) => (r.ok ? [] : [r.diagnostic])),
  };
}
