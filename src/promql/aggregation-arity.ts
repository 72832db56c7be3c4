import type { SyntaxNode } from '@lezer/common';
import type { Report } from './tree-check.js';

/** The number of an aggregation's arguments, which Prometheus's parser checks while reading it. */

const AGGREGATIONS_WITH_PARAMETER = new Set([
  'Topk',
  'Bottomk',
  'Quantile',
  'CountValues',
  'LimitK',
  'LimitRatio',
]);

export function aggregationArity(query: string, node: SyntaxNode, fault: Report): void {
  // `AggregateOp AggregateModifier? FunctionCallBody AggregateModifier?`: read in one pass over the children.
  const first = node.firstChild;
  const op = first?.name === 'AggregateOp' ? first.firstChild : null;
  if (!op) return;
  let body = first!.nextSibling;
  while (body && body.name !== 'FunctionCallBody') body = body.nextSibling;
  let count = 0;
  for (let arg = body?.firstChild; arg; arg = arg.nextSibling) {
    if (arg.type.is('Expr')) count++;
  }
  const name = query.slice(op.from, op.to);
  const wanted = AGGREGATIONS_WITH_PARAMETER.has(op.name) ? 2 : 1;
  if (count === 0) {
    fault(node.from, node.to, `\`${name}\` has no argument: give it the expression to aggregate`);
  } else if (count !== wanted) {
    const shape = wanted === 2 ? `\`${name}(parameter, expression)\`` : `\`${name}(expression)\``;
    fault(node.from, node.to, `\`${name}\` takes ${wanted} argument(s), got ${count}: write ${shape}`);
  }
}
