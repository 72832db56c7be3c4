import { aggregate, groupLabels } from './aggregation.js';
import { binary } from './binary-operators.js';
import { histogramQuantile } from './histogram-quantile.js';
import { EvaluationError, type InstantValue, NO_LABELS, type Sample } from './instant-value.js';
import type { QueryNode, SelectorNode } from './query-tree.js';
import { RANGE_FUNCTION_BODIES } from './range-functions.js';
import {
  type Labels,
  labelsKey,
  lastAtOrBefore,
  type SeriesSource,
  type StoredSeries,
  withoutName,
} from './series-data.js';
import { labelReplace, subquerySeries, topk } from './series-functions.js';

// The evaluator's values and error are read from here by the query API and the tests.
export { EvaluationError, type InstantValue, type Sample } from './instant-value.js';

/** How far back an instant selector looks for a series' latest sample (Prometheus's default). */
export const LOOKBACK_MS = 5 * 60_000;

/**
 * Evaluates a query tree at one time after another. The series each selector selects are looked up once
 * per evaluator, so a range query of many steps reads the source once per selector.
 */
export class Evaluator {
  readonly #selected = new Map<SelectorNode, readonly StoredSeries[]>();

  constructor(private readonly source: SeriesSource) {}

  at(node: QueryNode, timeMs: number): InstantValue {
    switch (node.kind) {
      case 'number':
        return { kind: 'scalar', value: node.value };
      case 'selector':
        return { kind: 'vector', samples: this.#instantSelector(node, timeMs) };
      case 'range':
      case 'subquery':
        // The tree reader lets a range through only as a function's argument.
        throw new EvaluationError('a range vector is only evaluated as the argument of a function');
      case 'string':
        throw new EvaluationError('a string is only evaluated as the argument of a function');
      case 'negate':
        return mapValue(this.at(node.arg, timeMs), (v) => -v, true);
      case 'call':
        return this.#call(node, timeMs);
      case 'aggregate':
        if (node.op === 'topk') {
          const k = this.#scalar(node.param!, timeMs);
          const grouping = node.grouping;
          const groupOf = (labels: Labels) => labelsKey(groupLabels(labels, grouping));
          return { kind: 'vector', samples: topk(k, this.#vector(node.arg, timeMs), groupOf) };
        }
        return { kind: 'vector', samples: aggregate(node.op, node.grouping, this.#vector(node.arg, timeMs)) };
      case 'binary':
        return binary(node, this.at(node.left, timeMs), this.at(node.right, timeMs));
    }
  }

  #series(selector: SelectorNode): readonly StoredSeries[] {
    let series = this.#selected.get(selector);
    if (!series) {
      series = this.source.select(selector.matchers);
      this.#selected.set(selector, series);
    }
    return series;
  }

  /** Each series' latest sample in (t − 5 m, t], t moved back by the selector's offset. */
  #instantSelector(selector: SelectorNode, evaluationMs: number): Sample[] {
    const timeMs = evaluationMs - selector.offsetMs;
    const samples: Sample[] = [];
    for (const series of this.#series(selector)) {
      const index = lastAtOrBefore(series.times, timeMs);
      if (index >= 0 && series.times[index]! > timeMs - LOOKBACK_MS) {
        samples.push({ labels: series.labels, value: series.values[index]! });
      }
    }
    return samples;
  }

  #vector(node: QueryNode, timeMs: number): readonly Sample[] {
    const value = this.at(node, timeMs);
    if (value.kind !== 'vector') throw new EvaluationError('expected an instant vector, found a scalar');
    return value.samples;
  }

  #scalar(node: QueryNode, timeMs: number): number {
    const value = this.at(node, timeMs);
    if (value.kind !== 'scalar') throw new EvaluationError('expected a scalar, found an instant vector');
    return value.value;
  }

  #call(node: Extract<QueryNode, { kind: 'call' }>, timeMs: number): InstantValue {
    const [first, second, third] = node.args;
    const body = RANGE_FUNCTION_BODIES[node.name];
    if (body && first?.kind === 'subquery') {
      return { kind: 'vector', samples: this.#overSubquery(first, timeMs, body) };
    }
    if (body) {
      if (first?.kind !== 'range') throw new EvaluationError(`${node.name}() expects a range vector`);
      return {
        kind: 'vector',
        samples: this.#overRange(first.selector, first.rangeMs, timeMs, body, node.name),
      };
    }
    switch (node.name) {
      case 'time':
        return { kind: 'scalar', value: timeMs / 1000 };
      case 'timestamp':
        return { kind: 'vector', samples: this.#timestamps(first!, timeMs) };
      case 'label_replace': {
        const text = (arg: QueryNode | undefined) => {
          if (arg?.kind !== 'string')
            throw new EvaluationError('label_replace() expects strings after its vector');
          return arg.value;
        };
        const [dst, replacement, src, regex] = node.args.slice(1).map(text);
        return {
          kind: 'vector',
          samples: labelReplace(this.#vector(first!, timeMs), dst!, replacement!, src!, regex!),
        };
      }
      case 'round': {
        // Prometheus rounds half up, to the nearest multiple of the second argument (default 1).
        const inverse = 1 / (second ? this.#scalar(second, timeMs) : 1);
        return vectorOf(this.#vector(first!, timeMs), (v) => Math.floor(v * inverse + 0.5) / inverse);
      }
      case 'absent':
        return { kind: 'vector', samples: this.#absent(first!, timeMs) };
      case 'scalar': {
        const samples = this.#vector(first!, timeMs);
        return { kind: 'scalar', value: samples.length === 1 ? samples[0]!.value : Number.NaN };
      }
      case 'vector':
        return { kind: 'vector', samples: [{ labels: NO_LABELS, value: this.#scalar(first!, timeMs) }] };
      case 'clamp_min': {
        const min = this.#scalar(second!, timeMs);
        return vectorOf(this.#vector(first!, timeMs), (v) => Math.max(v, min));
      }
      case 'clamp_max': {
        const max = this.#scalar(second!, timeMs);
        return vectorOf(this.#vector(first!, timeMs), (v) => Math.min(v, max));
      }
      case 'clamp': {
        const min = this.#scalar(second!, timeMs);
        const max = this.#scalar(third!, timeMs);
        // Prometheus gives nothing when the bounds cross.
        if (max < min) return { kind: 'vector', samples: [] };
        return vectorOf(this.#vector(first!, timeMs), (v) => Math.max(min, Math.min(max, v)));
      }
      case 'histogram_quantile':
        return {
          kind: 'vector',
          samples: histogramQuantile(this.#scalar(first!, timeMs), this.#vector(second!, timeMs)),
        };
      default: {
        const f = VALUE_BODIES[node.name];
        if (!f) throw new EvaluationError(`${node.name}() is not evaluated`);
        return vectorOf(this.#vector(first!, timeMs), f);
      }
    }
  }

  /**
   * timestamp(): of a selector, each sample's own time (Prometheus reads the selector for it); of anything
   * else, the evaluation time. The metric name is dropped.
   */
  #timestamps(arg: QueryNode, timeMs: number): Sample[] {
    if (arg.kind === 'selector') {
      const at = timeMs - arg.offsetMs;
      return this.#series(arg).flatMap((series) => {
        const index = lastAtOrBefore(series.times, at);
        if (index < 0 || series.times[index]! <= at - LOOKBACK_MS) return [];
        return [{ labels: withoutName(series.labels), value: series.times[index]! / 1000 }];
      });
    }
    return this.#vector(arg, timeMs).map((s) => ({ labels: withoutName(s.labels), value: timeMs / 1000 }));
  }

  /** A range function over a subquery: the inner expression at each multiple of the step in (t − range, t]. */
  #overSubquery(
    node: Extract<QueryNode, { kind: 'subquery' }>,
    timeMs: number,
    body: (typeof RANGE_FUNCTION_BODIES)[string],
  ): Sample[] {
    const startMs = timeMs - node.rangeMs;
    const steps: { timeMs: number; samples: readonly Sample[] }[] = [];
    for (
      let t = Math.floor(startMs / node.stepMs) * node.stepMs + node.stepMs;
      t <= timeMs;
      t += node.stepMs
    ) {
      steps.push({ timeMs: t, samples: this.#vector(node.expr, t) });
    }
    return subquerySeries(steps).flatMap((series) => {
      const value = body({ ...series, first: 0, last: series.times.length - 1, startMs, endMs: timeMs });
      return value === null ? [] : [{ labels: withoutName(series.labels), value }];
    });
  }

  /** 1 when the argument has no sample, labelled with the selector's equality matchers, as Prometheus does. */
  #absent(arg: QueryNode, timeMs: number): Sample[] {
    if (this.#vector(arg, timeMs).length > 0) return [];
    const labels: Record<string, string> = {};
    if (arg.kind === 'selector') {
      const equal = arg.matchers.filter((m) => m.op === '=' && m.name !== '__name__');
      for (const matcher of equal) {
        // A label matched twice with = names no one value: Prometheus leaves it out.
        if (equal.filter((m) => m.name === matcher.name).length === 1) labels[matcher.name] = matcher.value;
      }
    }
    return [{ labels, value: 1 }];
  }

  #overRange(
    selector: SelectorNode,
    rangeMs: number,
    timeMs: number,
    body: (typeof RANGE_FUNCTION_BODIES)[string],
    name: string,
  ): Sample[] {
    const endMs = timeMs - selector.offsetMs;
    const startMs = endMs - rangeMs;
    const samples: Sample[] = [];
    for (const series of this.#series(selector)) {
      const last = lastAtOrBefore(series.times, endMs);
      const before = lastAtOrBefore(series.times, startMs);
      if (last <= before) continue;
      const value = body({
        times: series.times,
        values: series.values,
        first: before + 1,
        last,
        startMs,
        endMs,
      });
      if (value === null) continue;
      // Every function but last_over_time drops the metric name, as in Prometheus.
      samples.push({ labels: name === 'last_over_time' ? series.labels : withoutName(series.labels), value });
    }
    return samples;
  }
}

const VALUE_BODIES: Readonly<Record<string, (value: number) => number>> = {
  abs: Math.abs,
  ceil: Math.ceil,
  floor: Math.floor,
  sqrt: Math.sqrt,
  exp: Math.exp,
  ln: Math.log,
  log2: Math.log2,
  log10: Math.log10,
  sgn: Math.sign,
};

function vectorOf(samples: readonly Sample[], f: (value: number) => number): InstantValue {
  return {
    kind: 'vector',
    samples: samples.map((s) => ({ labels: withoutName(s.labels), value: f(s.value) })),
  };
}

function mapValue(value: InstantValue, f: (v: number) => number, dropName: boolean): InstantValue {
  if (value.kind === 'scalar') return { kind: 'scalar', value: f(value.value) };
  return {
    kind: 'vector',
    samples: value.samples.map((s) => ({
      labels: dropName ? withoutName(s.labels) : s.labels,
      value: f(s.value),
    })),
  };
}
