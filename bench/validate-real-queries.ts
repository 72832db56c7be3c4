/**
 * `validate` of a repository of real alerting queries against the same repository with every query `up`:
 * each run a new process of the CLI bundle, the two interleaved in rounds so that the machine's load falls
 * on both alike. The rules are the real queries of test/unit/promql/corpus (kube-prometheus,
 * awesome-prometheus-alerts, the Prometheus reference), one rule each, `copies` times over; each real rule
 * has the operator its query is written for (NONE when the query compares already), as in a maintained
 * repository; the `up` rules have ABOVE. Both the wall time and the CPU time of each process (user and
 * system, all its threads, as the process reads it at exit) are taken: on a shared machine the CPU time
 * moves less with the load.
 *   node validate-real-queries.js RUNS DIST_DIR COPIES   → one JSON line
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkQuery } from '../src/promql/check-query.js';
import { documentFilesWithQueries, realQueries } from './fixtures.js';

const RUNS = Number(process.argv[2] ?? 11);
const cli = resolve(process.argv[3] ?? 'dist', 'cli.js');
const COPIES = Number(process.argv[4] ?? 1);

function repository(root: string, files: { path: string; text: string }[]): string {
  for (const file of files) {
    mkdirSync(join(root, file.path, '..'), { recursive: true });
    writeFileSync(join(root, file.path), file.text);
  }
  return root;
}

const CPU_AT_EXIT =
  "process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\ncpu-ms '+(u.user+u.system)/1000+'\\n')})";

function validate(root: string, preload: string): { ms: number; cpuMs: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['-r', preload, cli, 'validate', '--root', root, root], {
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  const cpu = /cpu-ms ([\d.]+)/.exec(run.stderr);
  if ((run.status !== 0 && run.status !== 1) || !cpu) throw new Error(`validate failed: ${run.stderr}`);
  return { ms, cpuMs: Number(cpu[1]) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const corpus = realQueries();
const queries = Array.from({ length: corpus.length * COPIES }, (_, i) => corpus[i % corpus.length]!);
const operators = queries.map((q) =>
  checkQuery(q, { operator: 'ABOVE' }).some((f) => f.code === 'promql.comparison-with-operator')
    ? 'NONE'
    : 'ABOVE',
);
const dir = process.env.KEEP_REPOS ?? mkdtempSync(join(tmpdir(), 'validate-real-'));
try {
  const real = repository(join(dir, 'real'), documentFilesWithQueries(queries, 50, operators));
  const up = repository(
    join(dir, 'up'),
    documentFilesWithQueries(
      queries.map(() => 'up'),
      50,
    ),
  );
  const preload = join(dir, 'cpu-at-exit.cjs');
  writeFileSync(preload, CPU_AT_EXIT);
  validate(real, preload);
  validate(up, preload);
  const runs: { real: { ms: number; cpuMs: number }; up: { ms: number; cpuMs: number } }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push({ up: validate(up, preload), real: validate(real, preload) });
  const round = (n: number) => Math.round(n * 100) / 100;
  console.log(
    JSON.stringify({
      bench: 'validate-real-queries-process',
      rules: queries.length,
      distinct: corpus.length,
      up: Math.round(median(runs.map((r) => r.up.ms))),
      real: Math.round(median(runs.map((r) => r.real.ms))),
      ratio: round(median(runs.map((r) => r.real.ms / r.up.ms))),
      upCpu: Math.round(median(runs.map((r) => r.up.cpuMs))),
      realCpu: Math.round(median(runs.map((r) => r.real.cpuMs))),
      cpuRatio: round(median(runs.map((r) => r.real.cpuMs / r.up.cpuMs))),
    }),
  );
} finally {
  if (!process.env.KEEP_REPOS) rmSync(dir, { recursive: true, force: true });
}
