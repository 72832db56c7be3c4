/**
 * What a kind supplies to the one pipeline (the way a provider supplies a resource type): the gate, the
 * saved-plan check, the review, apply and every report are written once over these, and adding a kind is
 * adding a folder under src/kinds/ and registering it in registry.ts.
 */
import type { Redactor } from '../core/redact.js';
import type { FieldEdit, PlainDocument } from '../documents/field-edit.js';
import type { AlertRuleDocument, ObjectiveSource } from '../documents/types.js';
import type { SecretSend } from '../model/alert-receiver-change.js';
import type { AlertRuleChange } from '../model/alert-rule-change.js';
import type { FieldDiff, WriteResult } from '../model/change.js';
import type { Change, ChangeResult, PendingChange, UnmanagedObject } from '../model/types.js';
import type { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import type { LiveIndex } from './alert-rule/identity.js';
import type { DocumentEditContext, DocumentEdits, Renames } from './document-edits.js';

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
  /** One live object of this kind that no document manages, in words: `name (id, …)`. */
  unmanagedLine(ref: Extract<UnmanagedObject, { readonly kind: C['kind'] }>): string;
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
  // Drift written back into the documents (plan/drift-write-back.ts; the kind's drift-edits.ts).
  /** The edits that give an update's document the live values, or the sentence saying why they cannot. */
  documentEdits(change: Extract<C, { action: 'update' }>, context: DocumentEditContext): DocumentEdits;
  /** The finding code of a document whose id the service no longer has: a person decides what becomes of it. */
  readonly goneCode: string;
  /** The name an update gives back, when other documents name the object by name and must follow. */
  renamed?(change: Extract<C, { action: 'update' }>): { readonly from: string; readonly to: string } | null;
  /** The edits that make a document of this kind follow the renames of what it names. */
  followRenames?(doc: PlainDocument, renames: Renames): readonly FieldEdit[];
  // The saved plan (plan/plan-file.ts, plan/saved-plan-moved.ts; the kind's saved-form.ts, moved-since.ts).
  /**
   * What the saved plan keeps of a pending change: what its write sends, its place and what it was planned
   * against, never what is only shown to a reviewer (its diff, mark, result, references). Its fields in the
   * order the file holds them: a file is compared field by field, the first that differs named.
   */
  saved(change: Extract<C, PendingChange>): SavedForm<C>;
  /** The pending change apply takes back from the file, with `diff: []` (it was shown when the plan was made). */
  fromSaved(saved: SavedForm<C>): Extract<C, PendingChange>;
  /**
   * Whether a saved change's object moved since the plan, from what apply --plan read again: the judge of
   * each saved change of this kind, made once per plan (what it indexes, it indexes once).
   */
  movedSince(read: ReadAgain): (saved: SavedForm<C>) => SincePlan;
}

/**
 * Each kind's saved form, by the kind's name: each kind's saved-form.ts declares its own member here, so
 * that the saved plan's union of forms is the one the kinds give and this file names none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each kind's saved-form.ts adds its member (declaration merging)
export interface SavedForms {}

/** A kind's saved form (`SavedForm<Change>`: a saved change of any kind; `kind` tells them apart). */
export type SavedForm<C extends Change> = SavedForms[C['kind'] & keyof SavedForms];

/** What moved since a saved plan: the fields whose hash differs, or why the object is not what the plan saw. */
export type Moved = { readonly fields: readonly string[] } | { readonly why: string };

/**
 * A saved change against what apply --plan read again: its object moved (set aside, never written, with
 * its `apply.changed-since-plan` finding), its organization was not read (set aside: that read's error
 * says so), or null: compared with the plan made again.
 */
export type SincePlan = Moved | 'not read' | null;

/** What apply --plan read again, for each kind to tell whether a saved change's object moved since the plan. */
export interface ReadAgain {
  /** The change of the same kind the plan made again gives at a saved change's document, noops included. */
  givenAt(saved: SavedForm<Change>): Change | undefined;
  /** The ids of the live objects the plan made again gives at a saved change's document, noops included. */
  idsAt(saved: SavedForm<Change>): ReadonlySet<string> | undefined;
  /** The live rules read, by organization (an organization whose read failed is absent). */
  readonly live: ReadonlyMap<string, LiveIndex>;
  /** The organizations the rule documents name (those the plan made again read). */
  readonly organizations: ReadonlySet<string>;
  /** The rule documents at the head, and those removed since the base. */
  readonly rules: readonly AlertRuleDocument[];
  readonly removed: readonly AlertRuleDocument[];
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
