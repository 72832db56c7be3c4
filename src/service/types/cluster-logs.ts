/** Cluster deployments and their log entries. Part of the service's types (src/service/types.ts says how they are written). */

import type { Open } from './open.js';

export interface ClusterDeployment {
  readonly identifier: {
    readonly deployment_id: string;
    readonly cluster_id: string;
    readonly execution_id?: string | null;
  };
  readonly auditing_data: {
    readonly created_at: string;
    readonly updated_at: string;
    readonly origin?: string | null;
    readonly triggered_by?: string | null;
  };
  /** StateEnum (open). */
  readonly status: string;
  /** QUEUED | ONGOING | SUCCESS | ERROR | CANCELED | CANCELING | NEVER (open). */
  readonly action_status: Open<
    'QUEUED' | 'ONGOING' | 'SUCCESS' | 'ERROR' | 'CANCELED' | 'CANCELING' | 'NEVER'
  >;
  /** DEPLOY | DELETE | ... (open). */
  readonly trigger_action: string;
  readonly reason: string;
  readonly total_duration?: string | null;
}

export interface LogTransmitter {
  readonly type?: string;
  readonly id?: string;
  readonly name?: string;
}

export interface LogEventDetails {
  readonly provider_kind?: string;
  readonly region?: string;
  readonly transmitter?: LogTransmitter;
}

/** One cluster log entry. Every field is optional at the boundary: entries are shown as far as they go. */
export interface ClusterLogEntry {
  /** Log level: info, warning, debug, error (open). */
  readonly type?: Open<'info' | 'warning' | 'debug' | 'error'>;
  /** RFC 3339 with up to nanosecond precision: compare as text after normalizing, never through Date. */
  readonly timestamp?: string;
  readonly step?: string;
  readonly message?: { readonly safe_message?: string };
  readonly error?: {
    readonly tag?: string;
    readonly user_log_message?: string;
    readonly link?: string;
    readonly hint_message?: string;
    readonly event_details?: LogEventDetails;
    readonly underlying_error?: { readonly message?: string };
  };
  readonly details?: LogEventDetails;
}
