/** Binary operators: arithmetic, comparisons and set operators between scalars and instant vectors. */
import { groupLabels } from './aggregation.js';
import { EvaluationError, type InstantValue, type Sample } from './instant-value.js';
import type { BinaryOperator, Grouping, QueryNode } from './query-tree.js';
import { COMPARISONS, SET_OPERATORS } from './query-tree.js';
import { derivedLabels, type Labels, labelsKey, withoutName } from './series-data.js';

const isSetOperator = (op: BinaryOperator) => (SET_OPERATORS as readonly string[]).includes(op);

/**
 * `and`, `or` and `unless` between vectors, matched on all labels but the name, or `on` / `ignoring`
 * them; samples keep their labels, the name included.
 */
function setOperation(
  op: BinaryOperator,
  matching: Grouping | null,
  left: readonly Sample[],
  right: readonly Sample[],
): Sample[] {
  const rightSignatures = new Set(right.map((s) => signature(s.labels, matching)));
  if (op === 'and') return left.filter((s) => rightSignatures.has(signature(s.labels, matching)));
  if (op === 'unless') return left.filter((s) => !rightSignatures.has(signature(s.labels, matching)));
  const leftSignatures = new Set(left.map((s) => signature(s.labels, matching)));
  return [...left, ...right.filter((s) => !leftSignatures.has(signature(s.labels, matching)))];
}

const isComparison = (op: BinaryOperator) => (COMPARISONS as readonly string[]).includes(op);

const COMPARE: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '<': (a, b) => a < b,
  '>=': (a, b) => a >= b,
  '<=': (a, b) => a <= b,
};

const ARITHMETIC: Readonly<Record<string, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  // Go's math.Mod and JavaScript's % both take the sign of the dividend.
  '%': (a, b) => a % b,
  '^': (a, b) => a ** b,
};

/** An arithmetic result, or a comparison's as `bool` gives it (1 or 0). */
function arithmetic(op: BinaryOperator, a: number, b: number): number {
  const compute = ARITHMETIC[op];
  if (compute) return compute(a, b);
  return compare(op, a, b) ? 1 : 0;
}

function compare(op: BinaryOperator, a: number, b: number): boolean {
  return COMPARE[op]!(a, b);
}

export function binary(
  node: Extract<QueryNode, { kind: 'binary' }>,
  left: InstantValue,
  right: InstantValue,
): InstantValue {
  const { op, bool } = node;
  if (left.kind === 'scalar' && right.kind === 'scalar') {
    return { kind: 'scalar', value: arithmetic(op, left.value, right.value) };
  }
  if (left.kind === 'vector' && right.kind === 'vector') {
    if (isSetOperator(op))
      return { kind: 'vector', samples: setOperation(op, node.matching, left.samples, right.samples) };
    return { kind: 'vector', samples: vectorVector(op, bool, node.matching, left.samples, right.samples) };
  }
  const vectorOnLeft = left.kind === 'vector';
  const samples = (vectorOnLeft ? left : right) as Extract<InstantValue, { kind: 'vector' }>;
  const scalar = (vectorOnLeft ? right : left) as Extract<InstantValue, { kind: 'scalar' }>;
  const out: Sample[] = [];
  for (const sample of samples.samples) {
    const [a, b] = vectorOnLeft ? [sample.value, scalar.value] : [scalar.value, sample.value];
    if (!isComparison(op)) {
      out.push({ labels: withoutName(sample.labels), value: arithmetic(op, a, b) });
    } else if (bool) {
      out.push({ labels: withoutName(sample.labels), value: compare(op, a, b) ? 1 : 0 });
    } else if (compare(op, a, b)) {
      // A comparison filters: the vector's own sample is kept, on whichever side it stood.
      out.push(sample);
    }
  }
  return { kind: 'vector', samples: out };
}

/** The labels two samples are matched on: `on (…)`, all but `ignoring (…)`, or all; never the name. */
function signature(labels: Labels, matching: Grouping | null): string {
  if (matching?.include) return labelsKey(groupLabels(labels, matching));
  const ignored = matching?.labels ?? [];
  const key = `signature:${JSON.stringify(ignored)}`;
  return labelsKey(
    derivedLabels(labels, key, (set) => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(set)) {
        if (name !== '__name__' && !ignored.includes(name)) out[name] = value;
      }
      return out;
    }),
  );
}

/** One-to-one matching, as Prometheus's VectorBinop without group_left / group_right. */
function vectorVector(
  op: BinaryOperator,
  bool: boolean,
  matching: Grouping | null,
  left: readonly Sample[],
  right: readonly Sample[],
): Sample[] {
  const rightBySignature = new Map<string, Sample>();
  for (const sample of right) {
    const key = signature(sample.labels, matching);
    if (rightBySignature.has(key)) {
      throw new EvaluationError(
        'found duplicate series for the match group on the right hand-side of the operation: many-to-many matching not allowed: matching labels must be unique on one side',
      );
    }
    rightBySignature.set(key, sample);
  }
  const seen = new Set<string>();
  const out: Sample[] = [];
  for (const sample of left) {
    const key = signature(sample.labels, matching);
    const other = rightBySignature.get(key);
    if (!other) continue;
    if (seen.has(key)) {
      throw new EvaluationError(
        'multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)',
      );
    }
    seen.add(key);
    const comparison = isComparison(op);
    if (comparison && !bool && !compare(op, sample.value, other.value)) continue;
    const value = comparison && !bool ? sample.value : arithmetic(op, sample.value, other.value);
    out.push({ labels: resultLabels(sample.labels, matching, !comparison || bool), value });
  }
  return out;
}

function resultLabels(labels: Labels, matching: Grouping | null, dropName: boolean): Labels {
  const base = dropName ? withoutName(labels) : labels;
  if (matching === null) return base;
  if (matching.include) return groupLabels(base, matching);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (!matching.labels.includes(name)) out[name] = value;
  return out;
}
