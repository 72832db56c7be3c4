import type { OperationId } from '../service/types.js';
import type { SentTestMessage } from './model.js';
import type { Clock } from './sandbox-clock.js';

/** Faults the sandbox injects, for tests and benchmarks. Rates are 0..1; all default to none. */
export interface SandboxFaults {
  /** Added before every answer. */
  readonly latencyMs?: number;
  /** Share of requests answered 500 / 503. */
  readonly error5xxRate?: number;
  readonly error503Rate?: number;
  /** Share of requests whose connection is destroyed before an answer. */
  readonly resetRate?: number;
  /** Bodies are sent in pieces with this pause between them. */
  readonly slowBodyMs?: number;
  /**
   * Scripted answers, consumed in order, for exact tests: the next request matching `operation` (and `id`
   * when given) gets this status (and headers/body) instead of the real answer, `times` times (default 1).
   * `reset: true` destroys the connection instead; `delayMs` delays the answer (for timeouts).
   * `resetAfter: true` lets the operation run (the write happens) and then destroys the connection: the
   * answer is lost, not the work.
   */
  readonly script?: readonly ScriptedAnswer[];
  /** Seed of the PRNG behind the rates (default 1): the same seed gives the same faults in the same order. */
  readonly seed?: number;
}

export interface ScriptedAnswer {
  readonly operation: OperationId;
  readonly id?: string;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /**
   * A body sent as it is instead of JSON (a proxy's HTML page, plain text), with `contentType` (default
   * `text/html; charset=utf-8`). With `status` only.
   */
  readonly text?: string;
  readonly contentType?: string;
  readonly reset?: boolean;
  readonly resetAfter?: boolean;
  readonly delayMs?: number;
  readonly times?: number;
}

export interface SandboxOptions {
  /** A directory of seed YAML files (default: fixtures/sandbox) or a seed object. */
  readonly seed?: string | SandboxSeed;
  /** 0 (default) picks a free port. The sandbox only ever listens on 127.0.0.1. */
  readonly port?: number;
  readonly faults?: SandboxFaults;
  /** Rate limiting: requests per window per token (default 1000 per hour); `false` turns the headers off. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number } | false;
  /** How long after a PUT/POST a rule reports `is_up_to_date: false` (default 0: at once up to date). */
  readonly upToDateDelayMs?: number;
  readonly clock?: Clock;
  /** Called once per answered (or dropped) request, e.g. to print a line per request. */
  readonly onRequest?: (request: RecordedRequest) => void;
  /**
   * A Prometheus server's base URL (`http://127.0.0.1:9090`, loopback only): get-cluster-metrics passes
   * each query to it for every cluster instead of evaluating the seeded series, as the service passes it
   * to the cluster's Prometheus. For checking the tool's queries against Prometheus itself.
   */
  readonly metricsFrom?: string;
}

/** One request as the sandbox saw it, for tests to assert counts and exact bodies. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** Null for a path the sandbox does not serve. */
  readonly operation: OperationId | null;
  readonly status: number;
  /** Parsed JSON body when there was one. */
  readonly body?: unknown;
  readonly authorization: string | null;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43123 */
  readonly url: string;
  /** A token with access to the seed's first organization. */
  readonly token: string;
  /** The seed's first organization. */
  readonly organizationId: string;
  readonly requests: readonly RecordedRequest[];
  /** Requests per operation since start (or the last reset). */
  count(operation?: OperationId): number;
  /**
   * The test messages the validate operations "sent", oldest first (nothing leaves the sandbox). Not
   * cleared by resetLog: they are the service's state, like its receivers.
   */
  readonly testMessages: readonly SentTestMessage[];
  resetLog(): void;
  setFaults(faults: SandboxFaults): void;
  /** The sandbox's live state, for tests to read and arrange. */
  readonly state: SandboxState;
  close(): Promise<void>;
}

/** The seed format (also the YAML files in fixtures/sandbox). Typed loosely here; validated by src/sandbox/seed/. */
export interface SandboxSeed {
  readonly organizations: readonly { readonly id: string; readonly name: string }[];
  readonly tokens: readonly { readonly token: string; readonly organizations: readonly string[] }[];
  readonly clusters?: readonly unknown[];
  readonly projects?: readonly unknown[];
  readonly alertRules?: readonly unknown[];
  readonly alertReceivers?: readonly unknown[];
  readonly templates?: readonly unknown[];
  readonly deployments?: readonly unknown[];
  /** Seeded time series per cluster (fixtures/sandbox/metrics.yaml says how they are written). */
  readonly metrics?: readonly unknown[];
}

/** Opaque to callers except through the helpers in src/sandbox/state.ts. */
export interface SandboxState {
  readonly kind: 'sandbox-state';
}
