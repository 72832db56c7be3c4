/**
 * Two applies at once (two workflow runs, or a person beside the action) can both create the same rule:
 * the service has no idempotency key, and a re-read before creating cannot close the race when both runs
 * start together. So apply converges after the fact: once its creates are done it re-reads each
 * organization it created in (one request each), and for every (cluster, name) that now holds more than
 * one rule, one of them ours, keeps the oldest (by `created_at`, then `id`: every run decides the same)
 * and deletes its own copy when that is not the one kept.
 */

import type { PendingRuleChange } from '../../model/alert-rule-change.js';
import type { ChangeResult } from '../../model/types.js';
import { ApiError } from '../../service/errors.js';
import type { AlertRuleCreationRequest, ManagedAlertRule, ServiceClient } from '../../service/types.js';

type RuleResult = ChangeResult<PendingRuleChange>;

export const DUPLICATE_REMOVED = 'created concurrently by another run; our duplicate removed';

interface OwnCreation {
  readonly index: number;
  readonly id: string;
  readonly request: AlertRuleCreationRequest;
}

/** Results with each removed duplicate reported on its create. */
export async function removeConcurrentDuplicates(
  results: readonly RuleResult[],
  client: ServiceClient,
): Promise<RuleResult[]> {
  const out = [...results];
  const created = ownCreations(results);
  const byOrganization = new Map<string, OwnCreation[]>();
  for (const creation of created) {
    const list = byOrganization.get(creation.request.organization_id) ?? [];
    list.push(creation);
    byOrganization.set(creation.request.organization_id, list);
  }
  for (const [organizationId, creations] of byOrganization) {
    let live: ManagedAlertRule[];
    try {
      live = (await client.getAlertRules(organizationId)).filter(
        (r): r is ManagedAlertRule => r.source === 'MANAGED',
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const creation of creations) {
        out[creation.index] = {
          ...out[creation.index]!,
          note: `could not check for a rule created concurrently by another run: ${error.message}`,
        };
      }
      continue;
    }
    for (const creation of creations) {
      const kept = oldestNamesake(live, creation);
      if (!kept || kept.id === creation.id) continue;
      out[creation.index] = await removeOurs(out[creation.index]!, creation, kept, client);
    }
  }
  return out;
}

function ownCreations(results: readonly RuleResult[]): OwnCreation[] {
  const creations: OwnCreation[] = [];
  results.forEach((result, index) => {
    const { change } = result;
    if (change.action !== 'create' || !result.ok || result.id === null) return;
    creations.push({ index, id: result.id, request: change.request });
  });
  return creations;
}

/** The rule every run keeps among those of our creation's cluster and name (ours included). */
function oldestNamesake(live: readonly ManagedAlertRule[], creation: OwnCreation): ManagedAlertRule | null {
  const namesakes = live.filter(
    (r) => r.cluster_id === creation.request.cluster_id && r.name === creation.request.name,
  );
  if (namesakes.length < 2 || !namesakes.some((r) => r.id === creation.id)) return null;
  return [...namesakes].sort(byAge)[0] ?? null;
}

function byAge(a: ManagedAlertRule, b: ManagedAlertRule): number {
  const at = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (at !== 0 && !Number.isNaN(at)) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function removeOurs(
  result: RuleResult,
  creation: OwnCreation,
  kept: ManagedAlertRule,
  client: ServiceClient,
): Promise<RuleResult> {
  try {
    await client.deleteAlertRule(creation.id);
    return { ...result, id: kept.id, note: `${DUPLICATE_REMOVED} (${creation.id}); ${kept.id} is kept` };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      ...result,
      ok: false,
      error:
        `Created concurrently by another run (${kept.id} is kept), but removing our duplicate ` +
        `${creation.id} failed: ${error.message}`,
    };
  }
}
