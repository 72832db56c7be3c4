import type { ComponentBinding } from '../service/types.js';
import { type ComponentTarget, sameInstallation } from './component-target.js';

/**
 * Which documents a pull request asks us to resolve. Each resolve is one request against a budget of 1000
 * an hour shared by fifty repositories, so a pull request resolves only:
 *  1. documents that are new or whose content changed (compared by identity, then by content);
 *  2. documents that consume a changed or removed component through `componentOutputs` (known from the
 *     documents, so selected before any request);
 *  3. after round 1, documents that consume a changed or removed component through a `componentBinding`
 *     the service reported. Bindings belong to the catalog (template, version, cluster context, component),
 *     not to a document's values, so a binding learned from any response in this run holds for every
 *     document of that catalog entry: round 2 resolves only those, and adds nothing further (a consumer
 *     re-resolved because of its producer did not change itself, so its own consumers are unaffected).
 * A consumer whose catalog entry was not resolved in this run and that declares no `componentOutputs` for
 * the changed producer is not re-resolved on the pull request; the scheduled run resolves everything.
 */
export interface ChangeSet {
  /** Head targets that are new or changed. */
  readonly changed: readonly ComponentTarget[];
  /** Base targets with no head target of the same identity: their documents were removed. */
  readonly removed: readonly ComponentTarget[];
}

export function findChanges(head: readonly ComponentTarget[], base: readonly ComponentTarget[]): ChangeSet {
  const baseContent = new Map<string, Set<string>>();
  for (const target of base) {
    const contents = baseContent.get(target.identityKey) ?? new Set<string>();
    contents.add(target.contentKey);
    baseContent.set(target.identityKey, contents);
  }
  const headIdentities = new Set(head.map((t) => t.identityKey));
  return {
    changed: head.filter((t) => !baseContent.get(t.identityKey)?.has(t.contentKey)),
    removed: base.filter((t) => !headIdentities.has(t.identityKey)),
  };
}

/** Head targets, not yet selected, whose `componentOutputs` name a component in `producers`. */
export function tiedByOutputs(
  head: readonly ComponentTarget[],
  producers: readonly ComponentTarget[],
  selected: ReadonlySet<ComponentTarget>,
): ComponentTarget[] {
  return head.filter(
    (consumer) =>
      !selected.has(consumer) &&
      Object.keys(consumer.document.value.componentOutputs ?? {}).some((componentKey) =>
        producers.some((p) => p.document.value.component === componentKey && sameInstallation(consumer, p)),
      ),
  );
}

/** The catalog entry a response describes: bindings learned for one key hold for every target with it. */
export function catalogKey(target: ComponentTarget): string {
  const spec = target.document.value;
  return JSON.stringify([
    target.organizationId,
    spec.template.key,
    spec.template.version,
    target.clusterMode,
    spec.cluster.provider,
    spec.component,
  ]);
}

/** Head targets, not yet selected, whose catalog entry binds an input to a component in `producers`. */
export function tiedByBindings(
  head: readonly ComponentTarget[],
  producers: readonly ComponentTarget[],
  learned: ReadonlyMap<string, readonly ComponentBinding[]>,
  selected: ReadonlySet<ComponentTarget>,
): ComponentTarget[] {
  return head.filter((consumer) => {
    if (selected.has(consumer)) return false;
    const bindings = learned.get(catalogKey(consumer)) ?? [];
    return bindings.some((binding) =>
      producers.some(
        (p) => p.document.value.component === binding.fromComponent && sameInstallation(consumer, p),
      ),
    );
  });
}
