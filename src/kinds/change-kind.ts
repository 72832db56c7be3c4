/**
 * What a kind supplies to the one pipeline (the way a provider supplies a resource type): the gate, the
 * saved-plan check, the review, apply and every report are written once over these, and adding a kind is
 * adding a folder under src/kinds/ and registering it in registry.ts.
 */
import type { Redactor } from '../core/redact.js';
import type { ObjectiveSource } from '../documents/types.js';
import type { SecretSend } from '../model/alert-receiver-change.js';
import type { AlertRuleChange } from '../model/alert-rule-change.js';
import type { FieldDiff, WriteResult } from '../model/change.js';
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
  /** How a person names several, in a heading: `rules`, `alert receivers`. */
  readonly plural: string;
  /**
   * The kind a plan is first about (alert rules): words that count kinds name it first, by the sentence's
   * own noun (`live rule`), and say it even at none when nothing else is counted.
   */
  readonly lead?: boolean;
  /** How a list names one by its name: a rule by the name alone, another kind by its noun and the name. */
  label(name: string): string;
  /** What no plan can compare for a change of this kind, said once under a plan that has one; absent: nothing. */
  readonly uncompared?: string;
  /** How a review describes the change (each face renders it: report/change-text.ts, change-markdown.ts). */
  describe(change: C): ChangeDescription;
  /** The keys only this kind's changes have in the JSON output, after those every change has. */
  json(change: C): Readonly<Record<string, unknown>>;
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

/**
 * A note a face shows with a change beyond its fields, as data: each face words and styles it (the
 * terminal, Markdown), so that what a kind says about its changes is decided once, here, by the kind.
 */
export type ChangeNote =
  /** The service level objective that generated the rule: its urgency and windows. */
  | { readonly kind: 'objective'; readonly source: ObjectiveSource }
  /** Where an update's or a delete's rule sits (its target and cluster), shown when the plan knows their names. */
  | { readonly kind: 'placement'; readonly change: AlertRuleChange }
  /** Fields edited outside git since the previous revision: applying overwrites them. */
  | { readonly kind: 'outside-edit'; readonly fields: readonly FieldDiff[] }
  /**
   * Whether a write sends the secrets and from which variables (`sent`, never a value) and why, or keeps the
   * stored ones (`kept`: the service never returns them, so no plan compares them).
   */
  | {
      readonly kind: 'secrets';
      readonly why: 'create' | 'rotation' | 'type changed' | 'kept';
      readonly sent: readonly SecretSend[];
    };

/** How a review describes one change, whatever the face: the words only its kind has, as plain data. */
export interface ChangeDescription {
  /** The verb when the action's own would mislead: an update that only sends a secret again `rotate the secret of`. */
  readonly verb: string | null;
  /** The kind's noun before the name (`alert receiver pager`); null when the name alone says it (a rule's). */
  readonly noun: string | null;
  /** What follows the name in a heading: a receiver's type. */
  readonly extra: string | null;
  /** What a delete with no fields to show removes, in a sentence: `rule`, `alert receiver`. */
  readonly removes: string;
  /** Notes under the heading, before the fields. */
  readonly above: readonly ChangeNote[];
  /** Notes after the fields. */
  readonly below: readonly ChangeNote[];
}
