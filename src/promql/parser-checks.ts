import type { SyntaxNodeRef, Tree } from '@lezer/common';
import { aggregationArity } from './aggregation-arity.js';
import { PROMQL_CODES, type QueryFinding } from './codes.js';
import { divisionByZero, durationFault, numberFault, regexFault, stringFault } from './literal-checks.js';
import { modifierFault, rangeFaults } from './range-modifier-checks.js';
import { infoSelector, matchesEverything } from './selector-checks.js';
import type { Check, Found } from './tree-check.js';

/** The findings of one walk of the tree, by the stage of Prometheus's checks they belong to. */
export interface TreeFaults {
  /**
   * What Prometheus's lexer and parser refuse while they read a query, beyond the grammar of
   * `@prometheus-io/lezer-promql`: numbers and durations out of range, zero or negative ranges, division by
   * zero in a duration, bad string escapes, regular expressions RE2 does not compile, `offset` and `@` on
   * what is not a selector or a subquery (or twice), `@` beyond int64 milliseconds, a range on what is not
   * a plain selector, the number of an aggregation's arguments. Prometheus makes these checks before its
   * type checks (which it skips when any of these fails), so they come first here too. Sorted by position.
   */
  readonly reading: QueryFinding[];
  /**
   * Prometheus's type checks (its `checkAST`) that the library does not make as Prometheus does: a
   * selector whose every matcher matches the empty string, what `info()` takes as its second argument, a
   * range inside an operation.
   */
  readonly types: QueryFinding[];
}

/**
 * One walk of the tree for both stages; a node object is made only for the nodes a check reads. The checks
 * are in literal-checks.ts, range-modifier-checks.ts, aggregation-arity.ts and selector-checks.ts.
 */
export function treeFaults(query: string, tree: Tree): TreeFaults {
  const reading: QueryFinding[] = [];
  const types: QueryFinding[] = [];
  const out: Found = {
    fault: (from, to, message, code = PROMQL_CODES.type) =>
      reading.push({ severity: 'error', code, message, from, to }),
    type: (finding) => {
      if (finding) types.push(finding);
    },
  };
  tree.iterate({
    enter: (ref) => {
      const check = CHECKS[ref.name];
      if (check) check(query, ref, out);
    },
  });
  return { reading: reading.sort((a, b) => a.from - b.from || a.to - b.to), types };
}

/** Whether `text` occurs inside the node's range (without copying the range). */
const within = (query: string, ref: SyntaxNodeRef, text: string) => {
  const at = query.indexOf(text, ref.from);
  return at !== -1 && at + text.length <= ref.to;
};

const CHECKS: Readonly<Record<string, Check>> = {
  NumberDurationLiteral: (query, ref, { fault }) => numberFault(query, ref, fault),
  NumberDurationLiteralInDurationContext: (query, ref, { fault }) => durationFault(query, ref, fault),
  DurationExpr: (query, ref, { fault }) => {
    if (within(query, ref, '/') || within(query, ref, '%')) divisionByZero(query, ref.node, fault);
  },
  MatrixSelector: (query, ref, found) => rangeFaults(query, ref.node, found),
  SubqueryExpr: (query, ref, found) => rangeFaults(query, ref.node, found),
  OffsetExpr: (query, ref, { fault }) => modifierFault(query, ref.node, fault),
  StepInvariantExpr: (query, ref, { fault }) => modifierFault(query, ref.node, fault),
  StringLiteral: (query, ref, { fault }) => {
    if (within(query, ref, '\\')) stringFault(query, ref, fault);
  },
  UnquotedLabelMatcher: (query, ref, { fault }) => {
    if (within(query, ref, '~')) regexFault(query, ref.node, fault);
  },
  QuotedLabelMatcher: (query, ref, { fault }) => {
    if (within(query, ref, '~')) regexFault(query, ref.node, fault);
  },
  AggregateExpr: (query, ref, { fault }) => aggregationArity(query, ref.node, fault),
  // A selector with a name (which comes first) never matches everything.
  VectorSelector: (query, ref, { type }) => {
    if (query[ref.from] === '{') type(matchesEverything(query, ref.node));
  },
  FunctionCall: (query, ref, { type }) => {
    if (query.startsWith('info', ref.from)) type(infoSelector(query, ref.node));
  },
};
