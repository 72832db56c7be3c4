/**
 * The live receivers no document manages, for every face, and what a plan still owes its reader about
 * what no plan compares. A receiver's change is listed with every other change and described by its kind
 * (src/kinds/alert-receiver/describe.ts); what is here is about the plan, not one change.
 */
import { printable } from '../core/printable.js';
import { kindOf } from '../kinds/registry.js';
import { inlineCode } from '../markdown/escape.js';
import type { Plan } from '../model/types.js';

/**
 * What a plan without pending changes still owes its reader: what its kinds cannot compare (a receiver's
 * secrets: a pending change says so in its own secret line), once per kind. Null when no kind says so.
 */
export function uncomparedSecrets(plan: Plan): string | null {
  const said = new Set(plan.changes.map((c) => kindOf(c).uncompared).filter((s) => s !== undefined));
  return said.size > 0 ? [...said].join(' ') : null;
}

/** The live receivers no document manages, as the rules' are listed: made outside git, never touched. */
export function unmanagedReceiverLines(plan: Plan): string[] {
  const unmanaged = plan.unmanagedReceivers ?? [];
  if (unmanaged.length === 0) return [];
  return [
    'Live receivers no document manages (made outside git; listed, never touched):',
    ...unmanaged.map((r) => `  ${printable(r.name)} (${r.id}) · ${printable(r.type)}`),
    '',
  ];
}

/** The same for Markdown, one line; '' when there are none. */
export function unmanagedReceiversMarkdown(plan: Plan | null): string {
  const unmanaged = plan?.unmanagedReceivers ?? [];
  if (unmanaged.length === 0) return '';
  return `Live receivers no document manages (made outside git; never touched): ${unmanaged.map((r) => inlineCode(r.name)).join(', ')}`;
}

/** The live receivers no document manages, for the JSON output. */
export function unmanagedReceiversJson(plan: Plan | null): readonly Record<string, unknown>[] {
  return (plan?.unmanagedReceivers ?? []).map((r) => ({ ...r }));
}
