/**
 * Which live rule a document manages. Its `id` when given; otherwise the one live MANAGED rule with the
 * same `cluster_id` and `name`; none is a create (when the document has what a create needs); several is
 * an error. A document never silently becomes a twin of a rule whose immutable fields it changes.
 */

import { type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import { type AlertRuleDocument, idTarget, writtenByName } from '../../documents/types.js';
import { PLAN_CODES } from '../../model/codes.js';
import { describeNamed, describeTarget, type NameBook, NO_NAMES } from '../../model/name-book.js';
import type { LiveAlertRule, ManagedAlertRule } from '../../service/types.js';
import { sameId, sameTarget } from './normalize.js';

export type Identity =
  | { readonly kind: 'existing'; readonly rule: ManagedAlertRule }
  | { readonly kind: 'new' }
  | { readonly kind: 'invalid'; readonly diagnostics: readonly Diagnostic[] };

/**
 * An organization's MANAGED rules, indexed once: identifying 10 000 documents is then 10 000 lookups, not
 * 10 000 scans of 10 000 rules.
 */
export interface LiveIndex {
  readonly rules: readonly ManagedAlertRule[];
  readonly byId: ReadonlyMap<string, ManagedAlertRule>;
  readonly byClusterAndName: ReadonlyMap<string, readonly ManagedAlertRule[]>;
}

export function indexLive(live: readonly LiveAlertRule[]): LiveIndex {
  const rules = live.filter((r): r is ManagedAlertRule => r.source === 'MANAGED');
  const byId = new Map<string, ManagedAlertRule>();
  const byClusterAndName = new Map<string, ManagedAlertRule[]>();
  for (const rule of rules) {
    byId.set(rule.id.toLowerCase(), rule);
    const key = clusterAndName(rule.cluster_id, rule.name);
    const same = byClusterAndName.get(key);
    if (same) same.push(rule);
    else byClusterAndName.set(key, [rule]);
  }
  return { rules, byId, byClusterAndName };
}

export function clusterAndName(clusterId: string, name: string): string {
  return `${clusterId.toLowerCase()}\u0000${name}`;
}

/** Finds the live rule a document declares, without judging its immutable fields (see immutableFieldErrors). */
export function identify(doc: AlertRuleDocument, organizationId: string, live: LiveIndex): Identity {
  const spec = doc.value;
  const error = (path: readonly (string | number)[], code: string, message: string): Identity => ({
    kind: 'invalid',
    diagnostics: [diagnostic('error', doc.file, doc.locate(path), code, message)],
  });

  if (spec.id !== undefined) {
    const rule = live.byId.get(spec.id.toLowerCase());
    if (rule) return { kind: 'existing', rule };
    return error(
      ['id'],
      PLAN_CODES.unknownId,
      `No alert rule with id ${spec.id} exists in organization ${organizationId}. Remove \`id\` to create a ` +
        'new rule, or use the id of an existing one (`platform-gitops export` lists them).',
    );
  }

  if (spec.cluster_id === undefined) {
    return error(
      [],
      PLAN_CODES.createIncomplete,
      `Alert rule "${spec.name}" has neither \`id\` nor \`cluster_id\`: add \`id\` to manage an existing rule, ` +
        'or `cluster_id` and `target` to match a rule by name or create it.',
    );
  }

  const matches = live.byClusterAndName.get(clusterAndName(spec.cluster_id, spec.name)) ?? [];
  if (matches.length === 1) return { kind: 'existing', rule: matches[0]! };
  if (matches.length > 1) {
    return error(
      ['name'],
      PLAN_CODES.ambiguousName,
      `${matches.length} live alert rules on cluster ${spec.cluster_id} are named "${spec.name}" ` +
        `(${matches.map((r) => r.id).join(', ')}): add \`id\` to say which one this document manages.`,
    );
  }
  if (spec.target === undefined) {
    return error(
      [spec.cluster !== undefined ? 'cluster' : 'cluster_id'],
      PLAN_CODES.createIncomplete,
      `No live alert rule on cluster ${spec.cluster_id} is named "${spec.name}", and a new rule needs a ` +
        '`target` (target_type and target_id): add it, or add `id` to manage an existing rule.',
    );
  }
  return { kind: 'new' };
}

/** Errors for a document that would change what an edit cannot: target, cluster_id, organization_id. */
/**
 * `organizationId`: the organization the document is planned in (its own `organization_id`, or the default
 * one); when it is not the rule's, the document moves the rule to another organization.
 */
export function immutableFieldErrors(
  doc: AlertRuleDocument,
  rule: ManagedAlertRule,
  organizationId: string = rule.organization_id,
  names: NameBook = NO_NAMES,
): Diagnostic[] {
  const spec = doc.value;
  const target = idTarget(spec.target);
  // A cluster written by name is reported at `cluster:`, the key the document has.
  const clusterKey = spec.cluster !== undefined ? 'cluster' : 'cluster_id';
  const changed: { path: string; live: string; wanted: string; why?: string }[] = [];
  const wantedOrganization = spec.organization_id ?? organizationId;
  if (!sameId(wantedOrganization, rule.organization_id)) {
    changed.push({ path: 'organization_id', live: rule.organization_id, wanted: wantedOrganization });
  }
  if (spec.cluster_id !== undefined && !sameId(spec.cluster_id, rule.cluster_id)) {
    changed.push({
      path: clusterKey,
      live: describeNamed(names.cluster(rule.cluster_id)),
      wanted: describeNamed(names.cluster(spec.cluster_id)),
    });
  }
  if (target !== undefined && !sameTarget(target, rule.target)) {
    changed.push({
      path: 'target',
      live: describeTarget(names.target(rule.target)),
      wanted: describeTarget(names.target(target)),
      why: writtenByName(spec.target)
        ? ` The document names its target, and that name now resolves to another ${target.target_type === rule.target.target_type ? 'one' : 'target'} ` +
          "than the live rule's (renamed, or another took its name): to keep the live target, write its id form " +
          `(target: {target_type: ${rule.target.target_type}, target_id: ${rule.target.target_id}}).`
        : '',
    });
  }
  return changed.map(({ path, live, wanted, why }) =>
    diagnostic(
      'error',
      doc.file,
      doc.locate([path]),
      PLAN_CODES.immutableField,
      `\`${path}\` cannot be edited: alert rule "${rule.name}" (${rule.id}) has ${live}, this document says ` +
        `${wanted}.${why ?? ''} The service cannot change target, cluster_id or organization_id of an existing rule. ` +
        'To move it, add a new document without `id` (a new rule) and remove this one, or delete the rule and ' +
        'recreate it.',
    ),
  );
}
