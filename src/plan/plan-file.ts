/**
 * The saved plan (`plan --out FILE`, `apply --plan FILE`): what a reviewer saw, written down so that apply
 * executes exactly that. One list of changes of every kind, each with its kind, what it sends and the
 * fingerprint of the live object it was planned against (null for a create: planned against the object's
 * absence); the digest of the documents it was made from, so that a plan of other documents is refused
 * whole; the base it compared with. Its shape is checked by a JSON Schema (plan-file.schema.json). The file
 * is a claim, not a proof: apply makes the plan again and executes the file only when it is that plan
 * (saved-plan-check.ts). Pure: reading and writing the file is the command's. The format is
 * docs/decisions/saved-plan.md.
 */
import type { ErrorObject } from 'ajv';
import { sha256 } from '../core/crypto-on-demand.js';
import { isPlainObject } from '../core/plain-object.js';
import type { Document } from '../documents/types.js';
import type { SavedForm } from '../kinds/change-kind.js';
import { kindNamed, kindOf } from '../kinds/registry.js';
import type { Change, PendingChange, Plan } from '../model/types.js';
import { PlanFile as validatePlanFile } from './generated/plan-file-validator.js';

export const PLAN_FILE_FORMAT = 'platform-gitops-plan';
export const PLAN_FILE_VERSION = 3;

/**
 * One saved change, of any kind; `kind` tells them apart. Each kind gives its own form (its saved-form.ts):
 * what its write sends, its place and what it was planned against, never what only a reviewer is shown.
 */
export type SavedChange = SavedForm<Change>;

export interface PlanFile {
  readonly format: typeof PLAN_FILE_FORMAT;
  readonly version: typeof PLAN_FILE_VERSION;
  /** sha256 of the documents the plan was made from (documentsDigest). */
  readonly digest: string;
  /** The commit planned, when known. */
  readonly commit: string | null;
  /**
   * The commit the plan compared with (`--base`, resolved), or null: apply recomputes the documents removed
   * since it, and deletes only their objects.
   */
  readonly base: string | null;
  /** Whether the plan was made with prune (its deletes run only then). */
  readonly prune: boolean;
  /** The plan's pending changes of every kind, in its order. */
  readonly changes: readonly SavedChange[];
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
    readonly rotateSecrets?: boolean;
  },
): PlanFile {
  const { rotateSecrets, ...rest } = meta;
  return {
    format: PLAN_FILE_FORMAT,
    version: PLAN_FILE_VERSION,
    ...rest,
    changes: changes.map(savedChange),
    ...(rotateSecrets ? { rotateSecrets } : {}),
  };
}

/** A pending change as the plan file holds it, as its kind saves it: what apply --plan compares a file's changes with. */
export function savedChange(change: PendingChange): SavedChange {
  return kindOf(change).saved(change);
}

/**
 * The saved plan as the Plan that `apply --plan` gates and executes: the file's changes and nothing
 * else (its changes carry no diff: the file keeps the requests, not what they change).
 */
export function planOf(file: PlanFile): Plan {
  return {
    organizations: [...new Set(file.changes.map((c) => c.organizationId))],
    changes: changesOf(file),
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  };
}

/** The changes of a saved plan, as apply takes them (their diff was shown when the plan was made). */
export function changesOf(plan: PlanFile): PendingChange[] {
  return plan.changes.map((saved) => kindNamed(saved.kind).fromSaved(saved) as PendingChange);
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
  // ajv stops at the first error (the validator is compiled without allErrors): the one the refusal names.
  if (!validatePlanFile(data)) throw damaged(validatePlanFile.errors![0]!);
  // `plan` makes no plan with prune and without a base: it could not tell what the change removed.
  if (data.prune === true && data.base === null) throw corrupt('base');
  return data as unknown as PlanFile;
}

/**
 * The schema's first error (src/plan/plan-file.schema.json, compiled by scripts/generate-validators.mjs)
 * as the field it names: `/changes/3/request` → `changes[3].request`; a missing field by its own name.
 */
function damaged(error: ErrorObject): PlanFileError {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return new PlanFileError(
      `it is damaged: \`${fieldPath([...path, params.additionalProperty])}\` is not a field of a plan file of version ${PLAN_FILE_VERSION}`,
    );
  }
  if (error.keyword === 'required' && params.missingProperty !== undefined) path.push(params.missingProperty);
  return corrupt(fieldPath(path));
}

/** `changes`, `3`, `request` → `changes[3].request`; a key that is not a plain name as JSON. */
function fieldPath(segments: readonly string[]): string {
  return segments
    .map((segment, i) => {
      if (/^(0|[1-9][0-9]*)$/.test(segment)) return `[${segment}]`;
      const name = /^[A-Za-z0-9_]+$/.test(segment) ? segment : JSON.stringify(segment);
      return i === 0 ? name : `.${name}`;
    })
    .join('');
}

function corrupt(field: string): PlanFileError {
  return new PlanFileError(`it is damaged: \`${field}\` is missing or of the wrong type`);
}
