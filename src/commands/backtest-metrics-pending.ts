// Stand-in for the client operation and the parser of the service folder until they are merged in.
import type { MetricSeries } from '../backtest/types.js';

export interface ClusterMetricsQuery {
  readonly endpoint: string;
  readonly query: string;
  readonly start?: string;
  readonly end?: string;
  readonly step?: string;
  readonly time?: string;
  readonly timeout?: string;
}
export interface ClusterMetricsAnswer {
  readonly metrics: string;
}
export interface MetricsClient {
  getClusterMetrics(clusterId: string, query: ClusterMetricsQuery): Promise<ClusterMetricsAnswer>;
}
export function parsePrometheusMatrix(text: string): readonly MetricSeries[] | string {
  try {
    const body = JSON.parse(text);
    if (body?.status !== 'success') return `Prometheus error: ${body?.error ?? 'unknown'}`;
    return (body.data.result as { metric: Record<string, string>; values: [number, string][] }[]).map(
      (s) => ({
        metric: s.metric,
        values: s.values.map(([t, v]) => [t, Number(v)] as const),
      }),
    );
  } catch {
    return 'not JSON';
  }
}
