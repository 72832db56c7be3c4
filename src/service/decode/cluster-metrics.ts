import type { ClusterMetricsAnswer } from '../types.js';
import { object, str } from './read.js';

/**
 * get-cluster-metrics: `{metrics: string}`. Only the outer object is decoded here: the text it holds is
 * the cluster's query API answer, which the service does not describe, and is read apart and defensively
 * (prometheus-answer.ts), so that its shape never fails the request.
 */
export function decodeClusterMetrics(body: unknown): ClusterMetricsAnswer {
  return { metrics: str(object(body, ''), 'metrics', '') };
}
