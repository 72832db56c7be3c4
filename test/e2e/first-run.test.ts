/**
 * What a newcomer meets in the first runs of the bundled command line: the demo, a finding named from the
 * directory they stand in, and a sandbox that stops with whatever started it.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitSync } from '../helpers/git.js';
import { bundle, NODE, runCli } from './bundle.js';

describe('npm run demo', () => {
  it('shows no notice a newcomer cannot act on, and finds an edit made outside git as drift', async () => {
    const run = await runCli(['demo', '--no-color']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The sandbox's deliberately unknown field kind is for the tests, not for the demo's reader.
    expect(run.stdout).not.toContain('unknown type');
    const drift = run.stdout.slice(run.stdout.indexOf('$ platform-gitops drift .\n'));
    expect(run.stdout).toContain(
      'Meanwhile someone raises the threshold of api-5xx-ratio to 0.1 in the console',
    );
    expect(drift).toContain('condition.threshold: 0.1 → 0.02');
    expect(drift).toContain('Drift: 0 to create, 1 to update, 0 to delete');
    // After the remediation, "1 to update" is the drift found, said above what was written; the step
    // ends with what it did, and the check after it finds none.
    const start = run.stdout.indexOf('$ platform-gitops drift . --remediate\n');
    const again = run.stdout.indexOf('$ platform-gitops drift .   # again');
    const remediate = run.stdout.slice(start, again).trimEnd().split('\n');
    const found = remediate.findIndex((l) => l.startsWith('Drift: 0 to create, 1 to update'));
    expect(found).toBeGreaterThan(-1);
    expect(found).toBeLessThan(remediate.findIndex((l) => l.includes('✓ updated api-5xx-ratio')));
    expect(remediate.at(-1)).toBe('Done: the drift was remediated, 1 change written (1 warning).');
    expect(run.stdout.slice(again)).toContain('Drift: 0 to create, 0 to update, 0 to delete');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Done: validated, planned, applied, found the edit made outside git as drift, backtested it, and removed it.',
    );
  });
});

describe('findings in the text output', () => {
  let top: string;
  beforeAll(async () => {
    top = await mkdtemp(join(tmpdir(), 'first-run-'));
    const repo = join(top, 'nu', 'err');
    await mkdir(join(repo, 'platform', 'alert-rules'), { recursive: true });
    gitSync(repo, 'init', '--quiet');
    await writeFile(join(repo, 'platform', 'alert-rules', 'bad.yaml'), 'kind: AlertRule\nseverity: HUGE\n');
  });
  afterAll(() => rm(top, { recursive: true, force: true }));

  it('name files from the working directory; JSON keeps them relative to the repository root', async () => {
    const text = await runCli(['validate', 'nu/err/platform'], { cwd: top });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^nu\/err\/platform\/alert-rules\/bad\.yaml:\d+:\d+: error: /m);
    expect(text.stdout).not.toMatch(/^platform\//m);
    const json = await runCli(['validate', 'nu/err/platform', '--format', 'json'], { cwd: top });
    const files = JSON.parse(json.stdout).diagnostics.map((d: { file: string }) => d.file);
    expect(new Set(files)).toEqual(new Set(['platform/alert-rules/bad.yaml']));
  });
});

describe('the sandbox', () => {
  it('stops when the process that started it ends without passing the signal on (npx … sandbox &; kill $!)', async () => {
    // A stand-in for npx: it starts the command line as its child, says the child's id, and forwards nothing.
    const starter = `const child = require('node:child_process').spawn(process.argv[1], [process.argv[2], 'sandbox'], { stdio: 'inherit' }); console.error(child.pid); setInterval(() => {}, 1 << 30);`;
    const wrapper = spawn(NODE, ['-e', starter, NODE, bundle('cli.js')], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let sandboxPid = 0;
    wrapper.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      sandboxPid ||= Number.parseInt(chunk, 10);
    });
    let output = '';
    const ended = new Promise<void>((resolve) => {
      // The pipe ends once every process writing to it, the sandbox included, is gone.
      wrapper.stdout.on('end', resolve);
    });
    try {
      await new Promise<void>((resolve) => {
        wrapper.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (/listening on/.test(output) && /\n$/.test(output)) resolve();
        });
      });
      wrapper.kill('SIGKILL');
      // Bounded, so that the cleanup below runs even when the sandbox stays (it checks twice a second).
      const stopped = await Promise.race([ended.then(() => true), delay(20_000).then(() => false)]);
      expect(stopped, output).toBe(true);
      expect(output).toMatch(/stop it with Ctrl-C, or kill \d+ \(this process\)/);
      expect(output).toMatch(/seeded organizations, tokens and ids: \S*fixtures\/sandbox/);
      expect(output).not.toContain('docs/');
      expect(output.trimEnd().split('\n').at(-1)).toBe('sandbox stopped');
    } finally {
      // A sandbox that did not stop must not outlive the test.
      wrapper.kill('SIGKILL');
      if (sandboxPid > 0) {
        try {
          process.kill(sandboxPid, 'SIGKILL');
        } catch {
          // already gone, as it should be
        }
      }
    }
  }, 30_000);
});
