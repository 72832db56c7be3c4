import { listSource, matcherTest, type SeriesSource, type StoredSeries } from './promql-eval/series-data.js';
import {
  type ClusterMetrics,
  drawClusterSeries,
  type MetricDefinition,
  seriesLabels,
} from './synthetic-series.js';

/**
 * The seeded series of one cluster as the evaluator reads them. Matchers are applied to the label sets
 * first, and only the definitions they select are drawn, as of `nowMs`: nothing after now exists.
 */
export function clusterSeriesSource(metrics: ClusterMetrics | undefined, nowMs: number): SeriesSource {
  return {
    select(matchers) {
      if (!metrics) return [];
      const tests = matchers.map(matcherTest);
      const selects = (labels: Readonly<Record<string, string>>) => tests.every((test) => test(labels));
      const drawn = metrics.series
        .filter((definition) => seriesLabels(definition).some(selects))
        .flatMap((definition) => drawnSeries(metrics, definition, nowMs));
      return listSource(drawn).select(matchers);
    },
  };
}

/**
 * A definition's series drawn up to now, kept while now stays within the same scrape interval: samples lie
 * on its multiples, so the drawing is the same (a backtest queries the same metric twice, before and after).
 */
const drawings = new WeakMap<
  MetricDefinition,
  { readonly sampleTime: number; readonly series: StoredSeries[] }
>();

function drawnSeries(metrics: ClusterMetrics, definition: MetricDefinition, nowMs: number): StoredSeries[] {
  const sampleTime = Math.floor(nowMs / metrics.intervalMs) * metrics.intervalMs;
  const kept = drawings.get(definition);
  if (kept?.sampleTime === sampleTime) return kept.series;
  const series = drawClusterSeries({ ...metrics, series: [definition] }, nowMs);
  drawings.set(definition, { sampleTime, series });
  return series;
}
