/**
 * What the tool takes from node:crypto (SHA-256 for names and fingerprints, random UUIDs), fetched on the
 * first call instead of imported: loading node:crypto costs about 10 ms on Node 24 (OpenSSL's start and
 * some twenty modules), and a run that only validates never needs it
 * (docs/decisions/cold-start-and-apply-throughput.md).
 */
import type { Hash } from 'node:crypto';

const crypto = () => process.getBuiltinModule('node:crypto');

/** A SHA-256 hash to feed and digest. */
export function sha256(): Hash {
  return crypto().createHash('sha256');
}

/** The first 16 hex digits of the SHA-256 of `text`: a short stable name for it. */
export function shortHash(text: string): string {
  return sha256().update(text).digest('hex').slice(0, 16);
}

export function randomUuid(): string {
  return crypto().randomUUID();
}
