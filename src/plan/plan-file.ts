/**
 * The saved plan (`plan --out FILE`, `apply --plan FILE`): what a reviewer saw, written down so that apply
 * executes exactly that. Per change, the request to send and the fingerprint of the live rule it was
 * planned against (null for a create: planned against the rule's absence); the digest of the documents it
 * was made from, so that a plan of other documents is refused whole; the base it compared with. The file is
 * a claim, not a proof: apply makes the plan again and executes the file only when it is that plan
 * (saved-plan-check.ts). Pure: reading and writing the file is the command's. The format is
 * docs/decisions/saved-plan.md.
 */
import { sha256 } from '../core/crypto-on-demand.js';
import { isPlainObject } from '../core/plain-object.js';
import type { Document } from '../documents/types.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../service/types.js';
import type { LiveFingerprint } from './evidence/fingerprint.js';
import { isSavedReceivers, receiversOfFile, type SavedReceiverChange } from './saved-receivers.js';
import type { PendingChange, Plan } from './types.js';

export const PLAN_FILE_FORMAT = 'platform-gitops-plan';
export const PLAN_FILE_VERSION = 2;

interface SavedBase {
  readonly name: string;
  readonly organizationId: string;
  readonly clusterId: string | null;
  readonly file: string;
  readonly line: number;
}

export type SavedChange =
  | (SavedBase & {
      readonly action: 'create';
      readonly clusterId: string;
      readonly request: AlertRuleCreationRequest;
      readonly against: null;
    })
  | (SavedBase & {
      readonly action: 'update';
      readonly id: string;
      readonly request: AlertRuleEditRequest;
      readonly against: LiveFingerprint;
    })
  | (SavedBase & { readonly action: 'delete'; readonly id: string; readonly against: LiveFingerprint });

export interface PlanFile {
  readonly format: typeof PLAN_FILE_FORMAT;
  readonly version: typeof PLAN_FILE_VERSION;
  /** sha256 of the documents the plan was made from (documentsDigest). */
  readonly digest: string;
  /** The commit planned, when known. */
  readonly commit: string | null;
  /**
   * The commit the plan compared with (`--base`, resolved), or null: apply recomputes the documents removed
   * since it, and deletes only their rules.
   */
  readonly base: string | null;
  /** Whether the plan was made with prune (its deletes run only then). */
  readonly prune: boolean;
  readonly changes: readonly SavedChange[];
  /** The alert receivers' pending changes (saved-receivers.ts); absent when the plan has none. */
  readonly receivers?: readonly SavedReceiverChange[];
  /** Whether the plan was made with `--rotate-secrets` (apply --plan makes it again the same way). */
  readonly rotateSecrets?: boolean;
}

/**
 * One digest of the documents: every document's file, position and value, in load order. Comments and
 * formatting do not count; any change to what a document says does.
 */
export function documentsDigest(documents: readonly Document[]): string {
  const hash = sha256();
  for (const doc of documents) hash.update(JSON.stringify([doc.file, doc.index, doc.kind, doc.value]));
  return hash.digest('hex');
}

export function savePlan(
  changes: readonly PendingChange[],
  meta: {
    readonly digest: string;
    readonly commit: string | null;
    readonly base: string | null;
    readonly prune: boolean;
    readonly receivers?: readonly SavedReceiverChange[];
    readonly rotateSecrets?: boolean;
  },
): PlanFile {
  const { receivers, rotateSecrets, ...rest } = meta;
  return {
    format: PLAN_FILE_FORMAT,
    version: PLAN_FILE_VERSION,
    ...rest,
    changes: changes.map(savedChange),
    ...(receivers !== undefined && receivers.length > 0 ? { receivers } : {}),
    ...(rotateSecrets ? { rotateSecrets } : {}),
  };
}

/** A pending change as the plan file holds it: what apply --plan compares a file's changes with. */
export function savedChange(change: PendingChange): SavedChange {
  const base = {
    name: change.name,
    organizationId: change.organizationId,
    clusterId: change.clusterId,
    file: change.file,
    line: change.line,
  };
  switch (change.action) {
    case 'create':
      return {
        ...base,
        action: 'create',
        clusterId: change.clusterId,
        request: change.request,
        against: null,
      };
    case 'update':
      return {
        ...base,
        action: 'update',
        id: change.id,
        request: change.request,
        against: change.against,
      };
    case 'delete':
      return { ...base, action: 'delete', id: change.id, against: change.against };
  }
}

/**
 * The saved plan as the Plan that `apply --plan` gates and executes: the file's changes and nothing
 * else (its changes carry no diff: the file keeps the requests, not what they change).
 */
export function planOf(file: PlanFile): Plan {
  return {
    organizations: [...new Set(file.changes.map((c) => c.organizationId))],
    changes: changesOf(file),
    ...(file.receivers !== undefined ? { receivers: receiversOfFile(file.receivers) } : {}),
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  };
}

/** The changes of a saved plan, as apply takes them (their diff was shown when the plan was made). */
export function changesOf(plan: PlanFile): PendingChange[] {
  return plan.changes.map(
    (saved): PendingChange =>
      saved.action === 'create'
        ? { kind: 'AlertRule', diff: [], ...saved, id: null }
        : { kind: 'AlertRule', diff: [], ...saved },
  );
}

/** Why a text is not a plan file this version can execute; thrown by parsePlanFile. */
export class PlanFileError extends Error {}

/**
 * Reads a plan file's text, checking its whole shape before anything is trusted: a corrupt, foreign or
 * newer file is refused with one sentence saying which.
 */
export function parsePlanFile(text: string): PlanFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(`it is not JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(data) || data.format !== PLAN_FILE_FORMAT) {
    throw new PlanFileError(`it is not a platform-gitops plan file (no "format": "${PLAN_FILE_FORMAT}")`);
  }
  if (data.version !== PLAN_FILE_VERSION) {
    throw new PlanFileError(
      `it is a plan file of version ${JSON.stringify(data.version)}; this version of platform-gitops reads version ${PLAN_FILE_VERSION}: make the plan again with this version`,
    );
  }
  if (typeof data.digest !== 'string' || !/^[0-9a-f]{64}$/.test(data.digest)) throw corrupt('digest');
  if (data.commit !== null && typeof data.commit !== 'string') throw corrupt('commit');
  if (data.base !== null && (typeof data.base !== 'string' || !/^[0-9a-f]{40,64}$/.test(data.base))) {
    throw corrupt('base');
  }
  if (typeof data.prune !== 'boolean') throw corrupt('prune');
  // `plan` makes no plan with prune and without a base: it could not tell what the change removed.
  if (data.prune && data.base === null) throw corrupt('base');
  if (!Array.isArray(data.changes)) throw corrupt('changes');
  for (const [i, change] of data.changes.entries()) checkChange(change, i);
  if (!isSavedReceivers(data.receivers)) throw corrupt('receivers');
  if (data.rotateSecrets !== undefined && typeof data.rotateSecrets !== 'boolean')
    throw corrupt('rotateSecrets');
  return data as unknown as PlanFile;
}

function checkChange(change: unknown, i: number): void {
  const at = (field: string) => corrupt(`changes[${i}].${field}`);
  if (!isPlainObject(change)) throw corrupt(`changes[${i}]`);
  for (const field of ['name', 'organizationId', 'file'] as const) {
    if (typeof change[field] !== 'string') throw at(field);
  }
  if (!Number.isInteger(change.line)) throw at('line');
  if (change.clusterId !== null && typeof change.clusterId !== 'string') throw at('clusterId');
  const fingerprint = (value: unknown) =>
    isPlainObject(value) && Object.values(value).every((hash) => typeof hash === 'string');
  switch (change.action) {
    case 'create':
      if (typeof change.clusterId !== 'string') throw at('clusterId');
      if (!isPlainObject(change.request) || !isPlainObject(change.request.target)) throw at('request');
      if (change.against !== null) throw at('against');
      return;
    case 'update':
      if (typeof change.id !== 'string') throw at('id');
      if (!isPlainObject(change.request) || !isPlainObject(change.request.condition)) throw at('request');
      if (!fingerprint(change.against)) throw at('against');
      return;
    case 'delete':
      if (typeof change.id !== 'string') throw at('id');
      if (!fingerprint(change.against)) throw at('against');
      return;
    default:
      throw at('action');
  }
}

function corrupt(field: string): PlanFileError {
  return new PlanFileError(`it is damaged: \`${field}\` is missing or of the wrong type`);
}
