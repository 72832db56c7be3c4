/**
 * How a cluster is named wherever its logs are shown (the terminal, the job summary, the progress line):
 * by name beside its id when the run knows the name, as the plan names clusters (`prod-eu (c1a5…)`), else
 * by id alone.
 */
import type { ClusterRef } from '../run/types.js';

export function clusterLabel(cluster: ClusterRef): string {
  return cluster.name ? `${cluster.name} (${cluster.clusterId})` : cluster.clusterId;
}
