import { listSource, matcherTest, type SeriesSource } from './promql-eval/series-data.js';
import { type ClusterMetrics, drawClusterSeries, seriesLabels } from './synthetic-series.js';

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
      const chosen = metrics.series.filter((definition) => seriesLabels(definition).some(selects));
      if (chosen.length === 0) return [];
      const drawn = drawClusterSeries({ ...metrics, series: chosen }, nowMs);
      return listSource(drawn).select(matchers);
    },
  };
}
