/**
 * The selectors the live series check asks about (docs/decisions/live-series.md): those of the rules a plan
 * creates or whose query it changes, or with `all` of every rule the documents declare and the plan knows a
 * cluster of; by cluster. Pure. Selectors that are exempt (they may be empty on purpose) and those that
 * name no metric (`{job="x"}`) are counted, not checked.
 */

import type { AlertRuleChange } from '../model/alert-rule-change.js';
import { changesOfKind, type Plan } from '../model/types.js';
import type { QueryDocument } from '../promql/query-document.js';
import { vectorSelectors } from '../promql/vector-selectors.js';
import type { ClusterSelectors, QueryLocator, SelectorUnderCheck } from './types.js';

export type LiveSeriesScope = 'changed' | 'all';

export interface RulesToCheck {
  readonly clusters: readonly ClusterSelectors[];
  /** Rules whose selectors were read. */
  readonly rules: number;
  /** Selectors left out: exempt, or naming no metric. */
  readonly exempt: number;
  readonly nameless: number;
}

export function rulesToCheck(
  plan: Plan,
  documents: readonly QueryDocument[],
  scope: LiveSeriesScope,
  locatorOf: (document: QueryDocument) => QueryLocator,
): RulesToCheck {
  const byPlace = new Map(documents.map((d) => [placeKey(d.file, lineOf(d)), d]));
  const clusters = new Map<string, { name: string; selectors: SelectorUnderCheck[] }>();
  let rules = 0;
  let exempt = 0;
  let nameless = 0;
  // Only an alert rule has a query: the other kinds' changes have no selectors to check.
  for (const change of changesOfKind(plan.changes, 'AlertRule')) {
    if (!inScope(change, scope) || change.clusterId === null) continue;
    const document = byPlace.get(placeKey(change.file, change.line));
    if (document === undefined) continue;
    rules++;
    const locate = locatorOf(document);
    const cluster = clusters.get(change.clusterId) ?? {
      name: change.references?.cluster?.name ?? change.clusterId,
      selectors: [],
    };
    clusters.set(change.clusterId, cluster);
    for (const selector of vectorSelectors(document.value.condition.promql)) {
      if (selector.exemption !== null) exempt++;
      else if (selector.metric === null) nameless++;
      else
        cluster.selectors.push({
          rule: change.name,
          file: change.file,
          selector: { ...selector, metric: selector.metric },
          locate,
        });
    }
  }
  return {
    clusters: [...clusters].map(([clusterId, c]) => ({
      clusterId,
      clusterName: c.name,
      selectors: c.selectors,
    })),
    rules,
    exempt,
    nameless,
  };
}

/** A rule the change creates, or whose query it changes; with `all`, any rule but one being deleted. */
function inScope(change: AlertRuleChange, scope: LiveSeriesScope): boolean {
  if (change.action === 'delete') return false;
  if (scope === 'all' || change.action === 'create') return true;
  return change.action === 'update' && change.diff.some((d) => d.path === 'condition.promql');
}

function placeKey(file: string, line: number): string {
  return `${line}:${file}`;
}

/** The line a plan change names for its document: the document's first key. */
function lineOf(document: QueryDocument): number {
  return document.locate([]).line;
}
