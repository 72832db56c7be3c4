import type { SyntaxNode } from '@lezer/common';
import { queryError } from '../../promql/check-query.js';
import { parseQuery, topExpression } from '../../promql/library.js';
import { literalValue, unquote } from '../../promql/literals.js';
import {
  AGGREGATIONS,
  type AggregateName,
  type BinaryOperator,
  type FunctionName,
  type Grouping,
  INSTANT_FUNCTIONS,
  type LabelMatcher,
  type QueryNode,
  RANGE_FUNCTIONS,
  type SelectorNode,
} from './query-tree.js';

/**
 * A query read into the sandbox's tree (query-tree.ts) from the grammar's syntax tree: what Prometheus
 * refuses is an InvalidQuery, what the subset lacks an UnsupportedQuery.
 */

/** A query the grammar accepts but the sandbox does not evaluate; the message names the construct. */
export class UnsupportedQuery extends Error {
  override readonly name = 'UnsupportedQuery';
}

/** A query Prometheus itself would refuse (a syntax or type error), with the checker's message. */
export class InvalidQuery extends Error {
  override readonly name = 'InvalidQuery';
}

const OPERATOR_NODES: Readonly<Record<string, BinaryOperator>> = {
  Add: '+',
  Sub: '-',
  Mul: '*',
  Div: '/',
  Mod: '%',
  Pow: '^',
  Eql: '==',
  Neq: '!=',
  Gtr: '>',
  Lss: '<',
  Gte: '>=',
  Lte: '<=',
  And: 'and',
  Or: 'or',
  Unless: 'unless',
};

const MATCH_OPS: Readonly<Record<string, LabelMatcher['op']>> = {
  EqlSingle: '=',
  Neq: '!=',
  EqlRegex: '=~',
  NeqRegex: '!~',
};

/** Reads a query into the subset's tree; throws InvalidQuery or UnsupportedQuery. */
export function readQuery(query: string): QueryNode {
  // The project's checker: what Prometheus refuses, and a range vector as the whole query, which the
  // service does not alert on (Prometheus would answer it in an instant query; the sandbox does not).
  const error = queryError(query);
  if (error !== null) throw new InvalidQuery(error);
  // The checker refuses a query without an expression: there is one.
  const top = topExpression(parseQuery(query))!;
  return new Reader(query).expression(top);
}

class Reader {
  constructor(private readonly query: string) {}

  text(node: SyntaxNode): string {
    return this.query.slice(node.from, node.to);
  }

  unsupported(what: string, node: SyntaxNode): never {
    throw new UnsupportedQuery(
      `${what} (${JSON.stringify(clip(this.text(node)))}) is not supported by the sandbox`,
    );
  }

  expression(node: SyntaxNode): QueryNode {
    switch (node.name) {
      case 'NumberDurationLiteral':
        return { kind: 'number', value: literalValue(this.text(node)) };
      case 'ParenExpr':
        return this.expression(children(node)[0]!);
      case 'UnaryExpr': {
        const [op, arg] = children(node);
        const inner = this.expression(arg!);
        return this.text(op!) === '-' ? { kind: 'negate', arg: inner } : inner;
      }
      case 'VectorSelector':
        return this.selector(node);
      case 'MatrixSelector':
        return this.rangeSelector(node);
      case 'FunctionCall':
        return this.call(node);
      case 'AggregateExpr':
        return this.aggregate(node);
      case 'BinaryExpr':
        return this.binary(node);
      case 'OffsetExpr':
        return this.offset(node);
      case 'StepInvariantExpr':
        return this.unsupported('the @ modifier', node);
      case 'SubqueryExpr':
        return this.subquery(node);
      case 'StringLiteral':
        return { kind: 'string', value: unquote(this.text(node)) };
      default:
        return this.unsupported(`the expression ${node.name}`, node);
    }
  }

  selector(node: SyntaxNode): SelectorNode {
    const matchers: LabelMatcher[] = [];
    for (const child of children(node)) {
      if (child.name === 'Identifier') {
        matchers.push({ name: '__name__', op: '=', value: this.text(child) });
      } else if (child.name === 'LabelMatchers') {
        for (const matcher of children(child)) matchers.push(this.matcher(matcher));
      }
    }
    return { kind: 'selector', matchers, text: this.text(node), offsetMs: 0 };
  }

  /** `selector offset d` and `selector[r] offset d`: the only places Prometheus allows it. */
  offset(node: SyntaxNode): QueryNode {
    const [inner, , duration] = children(node) as [SyntaxNode, SyntaxNode, SyntaxNode];
    const text = this.text(duration).replace(/\s+/g, '');
    if (!/^-?[0-9][0-9a-z]*$/.test(text))
      return this.unsupported('an offset that is not a plain duration', node);
    const offsetMs = Math.round(literalValue(text) * 1000);
    const read = this.expression(inner);
    if (read.kind === 'selector') return { ...read, offsetMs };
    if (read.kind === 'range') return { ...read, selector: { ...read.selector, offsetMs } };
    // The checker refuses an offset anywhere else.
    return this.unsupported('the offset modifier here', node);
  }

  matcher(node: SyntaxNode): LabelMatcher {
    const parts = children(node);
    if (node.name === 'QuotedLabelName') {
      return { name: '__name__', op: '=', value: unquote(this.text(parts[0] ?? node)) };
    }
    const [name, op, value] = parts;
    const labelName =
      node.name === 'QuotedLabelMatcher' ? unquote(this.text(children(name!)[0] ?? name!)) : this.text(name!);
    // The grammar has these four operators only.
    const matchOp = MATCH_OPS[children(op!)[0]!.name]!;
    return { name: labelName, op: matchOp, value: unquote(this.text(value!)) };
  }

  rangeSelector(node: SyntaxNode): QueryNode {
    // The checker lets a range through only on a selector, and only a positive one.
    const [inner, duration] = children(node) as [SyntaxNode, SyntaxNode];
    const literal = children(duration);
    if (literal.length !== 1 || literal[0]!.name !== 'NumberDurationLiteralInDurationContext') {
      return this.unsupported('a range that is not a plain duration', node);
    }
    const seconds = literalValue(this.text(literal[0]!));
    return { kind: 'range', selector: this.selector(inner), rangeMs: Math.round(seconds * 1000) };
  }

  /** `expr[range:step]` with plain durations; the step is required (no default evaluation interval here). */
  subquery(node: SyntaxNode): QueryNode {
    const [inner, range, step] = children(node);
    const duration = (d: SyntaxNode | undefined) => {
      const literal = d ? children(d) : [];
      if (literal.length !== 1 || literal[0]!.name !== 'NumberDurationLiteralInDurationContext') return null;
      return Math.round(literalValue(this.text(literal[0]!)) * 1000);
    };
    const rangeMs = duration(range);
    const stepMs = duration(step);
    if (rangeMs === null || stepMs === null || stepMs <= 0)
      return this.unsupported('a subquery without a plain range and step', node);
    return { kind: 'subquery', expr: this.expression(inner!), rangeMs, stepMs };
  }

  call(node: SyntaxNode): QueryNode {
    const [identifier, body] = children(node);
    const name = this.text(identifier!);
    const known = [...RANGE_FUNCTIONS, ...INSTANT_FUNCTIONS] as readonly string[];
    if (!known.includes(name)) return this.unsupported(`the function ${name}()`, node);
    const args = children(body!).map((arg) => this.expression(arg));
    return { kind: 'call', name: name as FunctionName, args };
  }

  aggregate(node: SyntaxNode): QueryNode {
    let op = '';
    let grouping: Grouping | null = null;
    let args: SyntaxNode[] = [];
    for (const child of children(node)) {
      if (child.name === 'AggregateOp') op = this.text(child).toLowerCase();
      else if (child.name === 'AggregateModifier') grouping = this.grouping(child);
      else if (child.name === 'FunctionCallBody') args = children(child);
    }
    if (!(AGGREGATIONS as readonly string[]).includes(op)) {
      return this.unsupported(`the aggregation ${op}`, node);
    }
    // The checker refuses these aggregations with any other number of arguments than one (topk: two).
    if (op === 'topk') {
      return {
        kind: 'aggregate',
        op,
        grouping,
        param: this.expression(args[0]!),
        arg: this.expression(args[1]!),
      };
    }
    return { kind: 'aggregate', op: op as AggregateName, grouping, arg: this.expression(args[0]!) };
  }

  grouping(node: SyntaxNode): Grouping {
    const [keyword, labels] = children(node);
    const include = keyword!.name === 'By' || keyword!.name === 'On';
    const names = children(labels!).map((label) =>
      label.name === 'QuotedLabelName' ? unquote(this.text(children(label)[0] ?? label)) : this.text(label),
    );
    return { include, labels: names };
  }

  binary(node: SyntaxNode): QueryNode {
    const parts = children(node);
    const left = parts[0]!;
    const right = parts[parts.length - 1]!;
    const operator = parts[1]!;
    const op = OPERATOR_NODES[operator.name];
    if (!op) return this.unsupported(`the operator ${this.text(operator)}`, node);
    let bool = false;
    let matching: Grouping | null = null;
    for (const modifier of parts.slice(2, -1)) {
      if (modifier.name === 'BoolModifier') bool = true;
      else if (modifier.name === 'MatchingModifierClause') {
        if (children(modifier).some((c) => c.name === 'GroupLeft' || c.name === 'GroupRight')) {
          return this.unsupported('group_left / group_right', modifier);
        }
        matching = this.grouping(modifier);
      } else return this.unsupported(`the modifier ${this.text(modifier)}`, modifier);
    }
    return {
      kind: 'binary',
      op,
      bool,
      matching,
      left: this.expression(left),
      right: this.expression(right),
    };
  }
}

/** A node's children, without the punctuation tokens the grammar keeps ("(", ",", "{", …) and comments. */
function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.name === 'LineComment' || /^[^A-Za-z]/.test(child.name) || child.type.isError) continue;
    out.push(child);
  }
  return out;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}
