import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireApplyLock, LOCK_FILE_NAME } from '../../../src/apply/lock-file.js';
import { UsageError } from '../../../src/core/usage-error.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'apply-lock-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const holder = (pid: number, host: string, startedAt: number) =>
  writeFile(
    join(root, LOCK_FILE_NAME),
    JSON.stringify({ pid, host, startedAt: new Date(startedAt).toISOString() }),
  );

describe('the apply lock file', () => {
  it('is taken, refuses a second apply while held, and is released', async () => {
    const lock = await acquireApplyLock(root, { now: NOW, pid: 101, host: 'runner', alive: () => true });
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: 101, host: 'runner' });
    const second = await acquireApplyLock(root, {
      now: NOW + 1_000,
      pid: 102,
      host: 'runner',
      alive: () => true,
    }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(UsageError);
    expect((second as Error).message).toContain(
      'Another apply of this work tree is running (process 101 on runner',
    );
    await lock.release();
    const third = await acquireApplyLock(root, {
      now: NOW + 2_000,
      pid: 103,
      host: 'runner',
      alive: () => true,
    });
    expect(third.takenOver).toBeNull();
  });

  it('takes over, and names, a lock whose process is gone', async () => {
    await holder(4242, 'runner', NOW - 60_000);
    const lock = await acquireApplyLock(root, {
      now: NOW,
      pid: 1,
      host: 'runner',
      alive: (pid) => pid !== 4242,
    });
    expect(lock.takenOver).toContain('process 4242 on runner');
    expect(lock.takenOver).toContain('is no longer running');
  });

  it('takes over a lock older than the stale bound, even from another host', async () => {
    await holder(7, 'other-host', NOW - 3 * 60 * 60 * 1000);
    const lock = await acquireApplyLock(root, { now: NOW, pid: 1, host: 'runner', alive: () => true });
    expect(lock.takenOver).toContain('too long ago');
  });

  it('leaves a fresh lock of another host alone (its process cannot be checked from here)', async () => {
    await holder(7, 'other-host', NOW - 60_000);
    await expect(
      acquireApplyLock(root, { now: NOW, pid: 1, host: 'runner', alive: () => false }),
    ).rejects.toThrow(UsageError);
  });
});
