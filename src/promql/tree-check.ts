import type { SyntaxNode, SyntaxNodeRef } from '@lezer/common';
import type { QueryFinding } from './codes.js';

/**
 * What a check of one node of the tree is given (parser-checks.ts walks the tree once and calls them): where
 * it reports a fault of reading, and a finding of the type checks.
 */

/** Reports a fault of reading over [from, to): the type code unless another is given. */
export type Report = (from: number, to: number, message: string, code?: QueryFinding['code']) => void;
/** Where a check reports: a fault of reading, or a finding of the type checks (null: none). */
export interface Found {
  readonly fault: Report;
  readonly type: (finding: QueryFinding | null) => void;
}
/** A check of one node; `ref.node` (an object made on demand) only where the text alone does not tell. */
export type Check = (query: string, ref: SyntaxNodeRef, found: Found) => void;

/** A node's children, in order; `expressions`, those of them that are expressions. */
export const children = (node: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) out.push(child);
  return out;
};
export const expressions = (node: SyntaxNode | null): SyntaxNode[] =>
  node ? children(node).filter((child) => child.type.is('Expr')) : [];
