import type { Clock } from '../core/clock.js';
import type { Redactor } from '../core/redact.js';
import type { GitReader } from '../git/types.js';
import type { ServiceClient } from '../service/types.js';

export const COMMAND_NAMES = [
  'validate',
  'plan',
  'apply',
  'drift',
  'export',
  'logs',
  'sandbox',
  'test-receivers',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const OUTPUT_FORMATS = ['text', 'json', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A cluster the run planned or applied something for: the post step fetches its logs when the job fails. */
export interface ClusterRef {
  readonly organizationId: string;
  readonly clusterId: string;
  /** The cluster's name when the run knows it (a name given, a change's references): shown beside the id. */
  readonly name?: string;
}

/**
 * One receiver's test message (`receivers test`, the action's `test-receivers`): the only run that sends
 * one. A name that matched no receiver, or several, is a failed test that sent nothing.
 */
export interface ReceiverTest {
  readonly organizationId: string;
  /** As asked (a name given, or the receiver's own when every declared receiver is tested). */
  readonly name: string;
  /** Null when the name matched no receiver, or several (nothing was sent). */
  readonly receiverId: string | null;
  readonly type: string | null;
  readonly ok: boolean;
  /** `test message sent`, or why not: the service's own message when it refused. */
  readonly detail: string;
}

/** What a run may use. Built by a face (CLI or action) from its arguments or inputs. */
export interface RunContext {
  /** Repository root: findings name files relative to it, and nothing outside it is read. */
  readonly root: string;
  /** Files or directories to read, relative to `root` (or absolute inside it). */
  readonly paths: readonly string[];
  /** Globs of repository-relative paths not to search. */
  readonly ignore?: readonly string[];
  /** Finding no document under `paths` is not an error. */
  readonly allowEmpty?: boolean;
  /** The directory relative `paths` are read from (default `root`): the CLI's working directory. */
  readonly pathsFrom?: string;
  /** No repository around the run: paths outside `root` are read and named as given. */
  readonly readOutsideRoot?: boolean;
  /** Organization for documents that name none. */
  readonly organizationId: string | null;
  /** The service client, created on first use; throws a UsageError when no token is configured. */
  readonly service: () => ServiceClient;
  /** History access; null when not in a git repository. */
  readonly git: GitReader | null;
  /** The revision to compare with: a pull request's base, or the parent of the pushed commit. */
  readonly base: string | null;
  /** The revision being planned (HEAD when null). */
  readonly head: string | null;
  /** Delete rules whose documents were removed in the change being applied. */
  readonly prune: boolean;
  /**
   * Send every alert receiver's secret again (`--rotate-secrets`, the `rotate-secrets` input): the service
   * never returns a secret, so no diff sees one that changed only in the environment.
   */
  readonly rotateSecrets?: boolean;
  /** Writes or resolves in flight at once. */
  readonly concurrency: number;
  /** Resolve every component, not only those a pull request changed. */
  readonly allComponents: boolean;
  /**
   * A base that cannot be read is a warning and every component is resolved (the action's pull-request
   * plan); otherwise it is an error that stops the run.
   */
  readonly baseFallback?: boolean;
  readonly clock: Clock;
  /**
   * The environment `valueFrom: {env: NAME}` values are read from (the process's, passed in by the face;
   * tests give their own).
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly redactor: Redactor;
  /** One human progress line (stderr for the CLI, the log for the action). Never data. */
  readonly progress: (line: string) => void;
}
