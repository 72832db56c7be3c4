/**
 * What a plan still owes its reader about what no plan compares (a receiver's secrets). Each change is
 * described by its kind (src/kinds/<kind>/describe.ts); what is here is about the plan, not one change.
 */
import { kindOf } from '../kinds/registry.js';
import type { Plan } from '../model/types.js';

/**
 * What a plan without pending changes still owes its reader: what its kinds cannot compare (a receiver's
 * secrets: a pending change says so in its own secret line), once per kind. Null when no kind says so.
 */
export function uncomparedSecrets(plan: Plan): string | null {
  const said = new Set(plan.changes.map((c) => kindOf(c).uncompared).filter((s) => s !== undefined));
  return said.size > 0 ? [...said].join(' ') : null;
}
