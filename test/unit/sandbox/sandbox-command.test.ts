import { describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/commands/plan.js';
import { runSandboxCommand } from '../../../src/commands/sandbox.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { testRun } from '../commands/run-context.js';

describe('runSandboxCommand', () => {
  it('prints where it listens and how to point the tool at it, logs requests, and stops on abort', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    let listening: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => {
      listening = resolve;
    });
    const run = runSandboxCommand({
      port: 0,
      signal: stop.signal,
      print: (line) => {
        lines.push(line);
        const match = /listening on (\S+)/.exec(line);
        if (match) listening(match[1]!);
      },
    });
    const base = await url;
    const answer = await fetch(`${base}/organization/7f1b2c3d-0000-4000-8000-000000000001/alert-receivers`, {
      headers: { authorization: 'Token qov_sandbox_acme_token' },
    });
    expect(answer.status).toBe(200);
    stop.abort();
    await run;

    expect(lines).toContain(`  export QOVERY_API_URL=${base} QOVERY_API_TOKEN=qov_sandbox_acme_token`);
    expect(lines).toContain('  export GRAFANA_ADMIN_PASSWORD=sandbox-only-password');
    expect(lines).toContain(
      '  platform-gitops plan fixtures/example --org 7f1b2c3d-0000-4000-8000-000000000001',
    );
    expect(lines).toContain(
      'GET /organization/7f1b2c3d-0000-4000-8000-000000000001/alert-receivers → 200 getAlertReceivers',
    );
    expect(lines.at(-1)).toBe('sandbox stopped');
    await expect(fetch(base)).rejects.toThrow();
  });

  it('serves what the demo serves: planning the example by hand earns no notice about a kind kept for the tests', async () => {
    const stop = new AbortController();
    let listening: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => {
      listening = resolve;
    });
    const run = runSandboxCommand({
      port: 0,
      signal: stop.signal,
      print: (line) => {
        const match = /listening on (\S+)/.exec(line);
        if (match) listening(match[1]!);
      },
    });
    const planned = testRun({ url: await url, token: 'qov_sandbox_acme_token' }, { paths: ['.'] });
    try {
      const report = await runPlan(planned.ctx);
      expect(report.components.length).toBeGreaterThan(0);
      expect(report.diagnostics.map((d) => d.message).join('\n')).not.toContain('unknown type');
    } finally {
      await planned.close();
      stop.abort();
      await run;
    }
  });

  it('refuses a bad port and a bad seed with a usage error', async () => {
    const print = () => {};
    await expect(runSandboxCommand({ port: 70_000, print })).rejects.toThrow(UsageError);
    await expect(runSandboxCommand({ port: 0, seed: '/nonexistent/seed', print })).rejects.toThrow(
      'invalid sandbox seed: cannot read the seed directory /nonexistent/seed',
    );
  });

  it('says when the port is taken', async () => {
    const other = await startSandbox();
    try {
      const port = Number(new URL(other.url).port);
      await expect(runSandboxCommand({ port, print: () => {} })).rejects.toThrow(
        `port ${port} on 127.0.0.1 is already in use: choose another with --port`,
      );
    } finally {
      await other.close();
    }
  });
});
