/**
 * The live series check's queries judged by Prometheus itself: series backfilled into a real Prometheus
 * (`promtool tsdb create-blocks-from openmetrics`), started on 127.0.0.1 and put behind the sandbox's
 * metrics operation (SandboxOptions.metricsFrom); the bundled CLI's `plan --live` on fixtures/live-series
 * gives the same findings through it as through the sandbox's own evaluator of the same series
 * (fixtures/sandbox/metrics.yaml). CI installs prometheus (.ci/run) and runs with CI=true: there a missing
 * binary fails the test instead of skipping it; elsewhere the test is skipped without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { inRepository } from '../helpers/repository.js';
import { runCli } from './bundle.js';

// PROMETHEUS and PROMTOOL name other binaries (and let the CI=true failure be seen where they exist).
const PROMETHEUS = process.env.PROMETHEUS ?? 'prometheus';
const PROMTOOL = process.env.PROMTOOL ?? 'promtool';
const present =
  spawnSync(PROMETHEUS, ['--version'], { encoding: 'utf8' }).status === 0 &&
  spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8' }).status === 0;
const inCi = process.env.CI === 'true';
const LIVE = inRepository('fixtures', 'live-series');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The series the rules of fixtures/live-series are about, as the sandbox seeds them on prod-eu: three of
 * app_build_info up to now, and legacy_queue_depth until day −2 at 06:00 UTC; one sample a minute over 8 days.
 */
function openMetrics(nowMs: number): string {
  const last = Math.floor(nowMs / MINUTE) * MINUTE;
  const today = Math.floor(nowMs / DAY) * DAY;
  const gone = today - 2 * DAY + 6 * 60 * MINUTE;
  const lines = ['# TYPE app_build_info gauge'];
  const builds = [
    'app="shop",env="production",version="2.4.1"',
    'app="shop",env="staging",version="2.5.0"',
    'app="billing",env="production",version="1.9.0"',
  ];
  for (const labels of builds) {
    for (let t = last - 8 * DAY; t <= last; t += MINUTE)
      lines.push(`app_build_info{${labels}} 1 ${t / 1000}`);
  }
  lines.push('# TYPE legacy_queue_depth gauge');
  for (let t = last - 8 * DAY; t < gone; t += MINUTE)
    lines.push(`legacy_queue_depth{queue="jobs"} 12 ${t / 1000}`);
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`prometheus exited ${child.exitCode}: ${log()}`);
    const ok = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`prometheus was not ready: ${log()}`);
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
  readonly code: string;
  readonly message: string;
}

describe('the live series check against Prometheus itself', () => {
  if (!present) {
    if (inCi) {
      it('has prometheus and promtool', () => {
        throw new Error(
          'prometheus or promtool is not installed: CI must judge the live series queries with it, not skip (see .ci/run)',
        );
      });
    } else {
      it.skip('skipped: prometheus or promtool is not installed (apt-get install prometheus; CI=true makes this a failure)', () => {});
    }
    return;
  }

  let dir = '';
  let prometheus: ChildProcess | null = null;
  let viaPrometheus: Sandbox | null = null;
  let seeded: Sandbox | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'live-series-prometheus-'));
    const input = join(dir, 'series.om');
    const data = join(dir, 'data');
    await writeFile(input, openMetrics(Date.now()));
    const created = spawnSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', input, data], {
      encoding: 'utf8',
    });
    if (created.status !== 0) throw new Error(`promtool: ${created.stderr}`);
    await writeFile(join(dir, 'prometheus.yml'), 'global:\n  evaluation_interval: 1m\n');
    const port = await freePort();
    let log = '';
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${data}`,
        '--storage.tsdb.retention.time=30d',
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk) => {
      log = (log + chunk).slice(-4000);
    });
    const url = `http://127.0.0.1:${port}`;
    await ready(url, prometheus, () => log);
    viaPrometheus = await startSandbox({ rateLimit: false, metricsFrom: url });
    seeded = await startSandbox({ rateLimit: false });
  }, 120_000);

  afterAll(async () => {
    await viaPrometheus?.close();
    await seeded?.close();
    prometheus?.kill('SIGTERM');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function findings(
    sandbox: Sandbox,
  ): Promise<{ findings: Finding[]; summary: Record<string, unknown> }> {
    const run = await runCli(['plan', '--live', LIVE, '--root', LIVE, '--format', 'json'], {
      env: { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token },
    });
    const output = JSON.parse(run.stdout);
    const live = (output.diagnostics as Finding[])
      .filter((d) => d.code.startsWith('live-series.'))
      .map(({ file, line, column, endColumn, code, message }) => ({
        file,
        line,
        column,
        endColumn,
        code,
        message,
      }));
    return { findings: live, summary: output.liveSeries };
  }

  it('gives the same findings through Prometheus as through the sandbox, in the same 3 requests', async () => {
    const real = await findings(viaPrometheus!);
    const own = await findings(seeded!);
    expect(real.findings.map((f) => f.code)).toEqual([
      'live-series.metric-gone',
      'live-series.metric-unknown',
      'live-series.label-unknown',
      'live-series.value-unknown',
      'live-series.no-combination',
    ]);
    expect(real.findings).toEqual(own.findings);
    expect(real.summary).toMatchObject({ selectors: 5, exempt: 1, requests: 3, unavailable: null });
    expect(real.summary).toEqual(own.summary);
    // The queries went to Prometheus, instant queries only.
    const asked = viaPrometheus!.requests.filter((r) => r.operation === 'get-cluster-metrics');
    expect(asked.map((r) => r.query.endpoint)).toEqual(['api/v1/query', 'api/v1/query', 'api/v1/query']);
  }, 120_000);
});
