/**
 * `platform-gitops sandbox` through the command line in this process: it listens until a stop signal, and
 * refuses a port or a seed it cannot use before listening.
 */
import { describe, expect, it } from 'vitest';
import { runSandboxCommand } from '../../../src/commands/sandbox.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';

describe('platform-gitops sandbox', () => {
  it('says where it listens and how to point the tool at it, and stops on SIGHUP', async () => {
    const before = process.listeners('SIGHUP');
    const ran = runCliInProcess(['sandbox', '--port', '0'], {});
    // It listens for the stop signals once the sandbox is up; deliver SIGHUP to its listener only (the
    // test runner's own listeners are not ours to call).
    let added: NodeJS.SignalsListener[] = [];
    for (let tries = 0; tries < 2400 && added.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      added = process.listeners('SIGHUP').filter((l) => !before.includes(l));
    }
    expect(added).toHaveLength(1);
    added[0]!('SIGHUP');
    const run = await ran;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^sandbox of the service listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(run.stdout).toMatch(/^ {2}export QOVERY_API_URL=http:\/\/127\.0\.0\.1:\d+ QOVERY_API_TOKEN=\S+$/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('sandbox stopped');
    expect(process.listeners('SIGHUP')).toEqual(before);
  }, 90_000);

  it('refuses a port out of range, naming it', async () => {
    const run = await runCliInProcess(['sandbox', '--port', '70000'], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--port must be a whole number from 0 to 65535, not '70000'");
    expect(run.stdout).toBe('');
  });

  it('refuses a seed directory it cannot read, naming it', async () => {
    const run = await runCliInProcess(['sandbox', '--port', '0', '--seed', '/nonexistent/seed'], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('invalid sandbox seed: cannot read the seed directory /nonexistent/seed');
  });

  it('started with a signal already aborted: says where it listened and stops at once', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    stop.abort();
    const before = process.listeners('SIGINT');
    await runSandboxCommand({ port: 0, signal: stop.signal, print: (line) => lines.push(line) });
    expect(lines[0]).toMatch(/^sandbox of the service listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.at(-1)).toBe('sandbox stopped');
    expect(process.listeners('SIGINT')).toEqual(before);
  });
});
