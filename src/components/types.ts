import type { Diagnostic } from '../core/diagnostic.js';
import type { CloudProvider, ClusterMode, ComponentBinding } from '../service/types.js';

/** A requirement as reported: never its value (it may be sensitive). */
export interface RequirementSummary {
  readonly key: string;
  readonly label: string;
  /** PLATFORM_PROFILE | CLUSTER (open). */
  readonly scope: string;
  /** MISSING | READY (open). */
  readonly status: string;
  readonly sensitive: boolean;
}

/** The outcome of resolving one PlatformComponent document. */
export interface ComponentResult {
  readonly file: string;
  readonly line: number;
  readonly organizationId: string;
  readonly templateKey: string;
  readonly templateVersion: string;
  readonly componentKey: string;
  readonly clusterMode: ClusterMode;
  readonly cloudProvider: CloudProvider;
  /** resolved: the service answered; failed: it did not (see error); skipped: not selected this run. */
  readonly status: 'resolved' | 'failed' | 'skipped';
  readonly violations: number;
  readonly requirements: readonly RequirementSummary[];
  readonly bindings: readonly ComponentBinding[];
  /** Why it was skipped or failed, one sentence. */
  readonly reason?: string;
  /** True when an identical request earlier in the run answered for this one. */
  readonly shared?: boolean;
}

export interface ComponentReport {
  readonly results: readonly ComponentResult[];
  /**
   * Violations, MISSING requirements, unbound bindings, 404/400/503/401/403/429 errors. Unknown descriptor
   * kinds are tolerated without a finding here: the client reports each once per run (`notices()`).
   */
  readonly diagnostics: readonly Diagnostic[];
}
