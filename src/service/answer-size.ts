import { UsageError } from '../core/usage-error.js';

/**
 * The largest answer the client reads into memory. A rule list costs about 810 bytes per rule, so the
 * default (256 MiB) holds an organization of about 330 000 rules; a run holds at most a few such answers.
 * It can be raised up to 512 MiB (what one JavaScript string can hold) with PLATFORM_GITOPS_MAX_ANSWER_MIB.
 */
export const ANSWER_SIZE_ENV = 'PLATFORM_GITOPS_MAX_ANSWER_MIB';
export const DEFAULT_MAX_ANSWER_MIB = 256;
const CEILING_MIB = 512;
const MIB = 1024 * 1024;

export function maxAnswerBytes(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[ANSWER_SIZE_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_MAX_ANSWER_MIB * MIB;
  const mib = Number(raw);
  if (!Number.isInteger(mib) || mib < 1 || mib > CEILING_MIB) {
    throw new UsageError(
      `${ANSWER_SIZE_ENV} must be a whole number of MiB from 1 to ${CEILING_MIB}, found "${raw}".`,
    );
  }
  return mib * MIB;
}

/** The hint when an answer passes the bound: a setting of this run, not a fault of the service. */
export function answerTooLargeHint(limitBytes: number): string {
  const mib = Math.round(limitBytes / MIB);
  return (
    `The answer is larger than ${mib} MiB, this run's bound on one answer (an organization of many ` +
    `rules can pass it). Raise it with ${ANSWER_SIZE_ENV} (up to ${CEILING_MIB}); nothing was changed.`
  );
}
