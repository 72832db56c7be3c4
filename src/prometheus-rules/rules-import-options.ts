/**
 * What an import of rules is told besides the rules: the cluster, target and receivers every document it
 * writes references, and how the rules' severity labels map to the service's severities. Prometheus rule
 * files (import-rules.ts, map-rule.ts) and Sloth files (sloth-import.ts) are imported with the same options.
 */
import type { AlertSeverity } from '../service/types/alert-rules.js';
import type { ClusterRef, TargetForm } from './references.js';

export interface ImportOptions {
  /** The cluster and the target as the documents write them, by name or by id (references.ts). */
  readonly cluster: ClusterRef;
  readonly target: TargetForm;
  /** Receivers by id (`alert_receiver_ids`) and by name (`alert_receivers`); at least one in all. */
  readonly receiverIds: readonly string[];
  readonly receiverNames: readonly string[];
  /** Lower-case label value → severity. */
  readonly severityMap: Readonly<Record<string, AlertSeverity>>;
}
