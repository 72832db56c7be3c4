/**
 * The fingerprint of a live rule: one short hash per field, so that a later read tells whether the rule is
 * still what a plan (or a review) saw, and names the fields that moved. Hashes, not values: a plan file or
 * a comment carries no rule text beyond what the plan itself shows.
 */
import { shortHash } from '../../core/crypto-on-demand.js';
import type { ManagedAlertRule } from '../../service/types.js';
import { editFieldValues } from './fields.js';
import { editFieldsOfLive } from './normalize.js';

/** Field path → the first 16 hex digits of the SHA-256 of the value's JSON. */
export type LiveFingerprint = Readonly<Record<string, string>>;

export function fingerprintOf(rule: ManagedAlertRule): LiveFingerprint {
  const out: Record<string, string> = {};
  for (const { path, value } of editFieldValues(editFieldsOfLive(rule))) {
    out[path] = shortHash(JSON.stringify(value));
  }
  return out;
}

/** The fields whose hash differs (a field only one side knows counts as moved), in the diff's order. */
export function movedFields(planned: LiveFingerprint, now: LiveFingerprint): string[] {
  const paths = [...new Set([...Object.keys(now), ...Object.keys(planned)])];
  return paths.filter((path) => planned[path] !== now[path]);
}
