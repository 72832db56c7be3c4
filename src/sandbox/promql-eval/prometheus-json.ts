import type { Labels } from './series-data.js';

/** A Prometheus query API answer, as its JSON: what get-cluster-metrics carries as text in `metrics`. */
export type PrometheusApiAnswer =
  | {
      readonly status: 'success';
      readonly data:
        | { readonly resultType: 'matrix'; readonly result: readonly MatrixEntry[] }
        | { readonly resultType: 'vector'; readonly result: readonly VectorEntry[] }
        | { readonly resultType: 'scalar'; readonly result: readonly [number, string] };
    }
  | { readonly status: 'error'; readonly errorType: PrometheusErrorType; readonly error: string };

export type PrometheusErrorType = 'bad_data' | 'execution' | 'timeout' | 'canceled' | 'internal';

export interface MatrixEntry {
  readonly metric: Labels;
  readonly values: readonly (readonly [number, string])[];
}

export interface VectorEntry {
  readonly metric: Labels;
  readonly value: readonly [number, string];
}

export function prometheusError(errorType: PrometheusErrorType, error: string): PrometheusApiAnswer {
  return { status: 'error', errorType, error };
}

/** Unix seconds with millisecond precision, as Prometheus writes a sample's time. */
export function sampleTime(ms: number): number {
  return ms / 1000;
}

/**
 * A value as Prometheus writes it (Go's strconv.FormatFloat(v, 'f', -1, 64)): the shortest digits that
 * read back as the same number, never in exponent notation; NaN, +Inf and -Inf by name.
 */
export function sampleValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  const text = String(value);
  if (!text.includes('e')) return text;
  // JavaScript writes a finite number with an exponent always as this.
  const [, sign, head, tail = '', exponentText] = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text)!;
  const digits = `${head}${tail}`;
  const exponent = Number(exponentText);
  if (exponent >= 0) return `${sign}${digits.padEnd(exponent + 1, '0')}`;
  return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
}
