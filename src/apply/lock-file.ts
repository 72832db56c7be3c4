/**
 * One apply per work tree at a time, on this machine: a second `apply` started while the first holds the
 * lock file refuses to start. The README's concurrency group guards workflow runs; this guards a person
 * (or a script) beside them. A lock whose process is gone (same host) or older than `staleAfterMs` has
 * expired: it is taken over, and named on stderr.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/usage-error.js';

export const LOCK_FILE_NAME = '.platform-gitops-apply.lock';
/** Longer than any apply takes (writes are paced to the service's budget, 1000 requests an hour). */
export const DEFAULT_STALE_AFTER_MS = 2 * 60 * 60 * 1000;

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

export interface ApplyLock {
  readonly path: string;
  /** Set when an expired lock was taken over: one line for a person. */
  readonly takenOver: string | null;
  release(): Promise<void>;
}

export interface LockOptions {
  readonly now?: number;
  readonly pid?: number;
  readonly host?: string;
  readonly staleAfterMs?: number;
  /** Whether a process of this host is still running (default: signal 0). */
  readonly alive?: (pid: number) => boolean;
}

export async function acquireApplyLock(root: string, options: LockOptions = {}): Promise<ApplyLock> {
  const path = join(root, LOCK_FILE_NAME);
  const now = options.now ?? Date.now();
  const me: Holder = {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    startedAt: new Date(now).toISOString(),
  };
  let takenOver: string | null = null;
  for (let tries = 0; tries < 2; tries++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(`${JSON.stringify(me)}\n`);
      await file.close();
      return { path, takenOver, release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(path);
    const expired = expiry(holder, me, now, options);
    if (expired === null) {
      const who = holder
        ? `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}`
        : 'unknown holder';
      throw new UsageError(
        `Another apply of this work tree is running (${who}; lock file ${path}). Wait for it to finish; ` +
          'if that run is gone, delete the lock file (it also expires by itself).',
      );
    }
    await rm(path, { force: true });
    takenOver = `Took over an expired apply lock (${expired}): ${path}`;
  }
  throw new UsageError(`Could not take the apply lock ${path}: another apply took it at the same moment.`);
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>;
    if (
      typeof value.pid !== 'number' ||
      typeof value.host !== 'string' ||
      typeof value.startedAt !== 'string'
    )
      return null;
    return value as Holder;
  } catch {
    return null;
  }
}

/** Why the lock has expired, or null while its holder may still be running. */
function expiry(holder: Holder | null, me: Holder, now: number, options: LockOptions): string | null {
  if (holder === null) return 'unreadable lock file';
  const age = now - Date.parse(holder.startedAt);
  const staleAfter = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  if (!(age < staleAfter))
    return `process ${holder.pid} on ${holder.host} started ${holder.startedAt}, too long ago`;
  const alive = options.alive ?? isRunning;
  if (holder.host === me.host && !alive(holder.pid)) {
    return `process ${holder.pid} on ${holder.host}, started ${holder.startedAt}, is no longer running`;
  }
  return null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
