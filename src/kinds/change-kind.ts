/**
 * What a kind supplies to the one pipeline (the way a provider supplies a resource type): the gate, the
 * saved-plan check, the review, apply and every report are written once over these, and adding a kind is
 * adding a folder under src/kinds/ and registering it in registry.ts.
 */
import type { Redactor } from '../core/redact.js';
import type { WriteResult } from '../model/change.js';
import type { Change, ChangeResult, PendingChange } from '../model/types.js';
import type { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';

/** What a write may use besides the client. */
export interface WriteOptions {
  /** Writes in flight at once. */
  readonly concurrency: number;
  /** Where secrets are read from at the write (never from the plan). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Every secret read is registered here before it is sent. */
  readonly redactor: Redactor;
  /** One human line per finished write. */
  readonly progress?: (line: string) => void;
}

/** A write's answer, with the error behind a failure (kept out of the report). */
export type WriteOutcome = WriteResult & { readonly failure?: ApiError };

/**
 * Before its turn in an apply, a change seen against the plan as written so far: ready to send (possibly
 * completed, e.g. with the id of a receiver just created), held by the gate, or not sent, with why.
 */
export type Readiness<C> =
  | { readonly send: C }
  | { readonly hold: 'a receiver it names was not created' }
  | { readonly notSent: string };

export interface Kind<C extends Change> {
  readonly kind: C['kind'];
  /** How a person names one: `alert rule`. */
  readonly noun: string;
  /**
   * The object's identity across runs, for the review and the saved plan: its id (update, delete), or for a
   * create what identifies it before it has one.
   */
  key(change: Extract<C, PendingChange>): string;
  /** What the write sends, as a value to compare and hash (a secret by its variable's name only); null for a delete. */
  sent(change: Extract<C, PendingChange>): unknown;
  /** When the change is written in one apply: lower first (a receiver is created before a rule that pages it). */
  phase(change: Extract<C, PendingChange>): number;
  /** The change as it may be sent once the earlier phases are written (`written`: the plan's changes so far). */
  ready(change: Extract<C, PendingChange>, written: readonly Change[]): Readiness<Extract<C, PendingChange>>;
  /** Sends the change. An ApiError becomes a failed outcome; any other error is a bug and propagates. */
  write(
    change: Extract<C, PendingChange>,
    client: ServiceClient,
    options: WriteOptions,
  ): Promise<WriteOutcome>;
  /**
   * After a phase's writes of this kind: what the service shows once more (a duplicate another run created at
   * the same moment, removed). Optional: most kinds need nothing.
   */
  settle?(
    written: readonly ChangeResult<Extract<C, PendingChange>>[],
    client: ServiceClient,
  ): Promise<ChangeResult<Extract<C, PendingChange>>[]>;
}
