/**
 * `plan` of N rules as a user runs it, output included: the CLI bundle a new process, against a sandbox
 * of the N rules in its own process, once per output format. The plan benchmark (plan-time.ts) stops at
 * the plan; here the report is rendered and written too, which is where the JSON form once held the
 * whole output three times over (built, deep-copied by the redactor, stringified).
 *   node plan-output.js DIST_DIR N unchanged|changed FORMAT…   → one JSON line per format
 * unchanged: the documents say what the service holds (a plan of N unchanged rules, the common run);
 * changed: every rule's severity differs, so that the plan shows each rule with its diff.
 * The CLI's peak RSS and CPU time are what its process reads at exit (a preloaded script prints them on
 * stderr); its stdout goes to a file, as a script's redirect would, and is checked: a run that failed or
 * printed nothing is no figure.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeRepository } from './context.js';
import { documentFiles, TOKEN } from './fixtures.js';
import { serverProcess } from './server-process.js';

const cli = resolve(process.argv[2] ?? 'dist', 'cli.js');
const n = Number(process.argv[3] ?? 10_000);
const state = process.argv[4] === 'changed' ? 'changed' : 'unchanged';
const formats = process.argv.slice(5);

// At exit, the process's own peak RSS (KiB) and CPU time: /usr/bin/time is not on every machine.
const AT_EXIT =
  "process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nbench-exit '+u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime)/1000+'\\n')})";

const root = writeRepository(documentFiles(n, 100, state === 'changed' ? 'LOW' : 'HIGH'));
const dir = mkdtempSync(join(tmpdir(), 'bench-plan-output-'));
const preload = join(dir, 'at-exit.cjs');
writeFileSync(preload, AT_EXIT);
const server = await serverProcess('sandbox-process.js', [String(n), '0']);
try {
  for (const format of formats) {
    const outFile = join(dir, `out.${format}`);
    const fd = openSync(outFile, 'w');
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      ['-r', preload, cli, 'plan', '--format', format, '--root', root, root],
      {
        stdio: ['ignore', fd, 'pipe'],
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          QOVERY_API_URL: server.url,
          QOVERY_API_TOKEN: TOKEN,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const ms = Math.round(performance.now() - started);
    closeSync(fd);
    const figures = /bench-exit (\d+) ([\d.]+)/.exec(run.stderr ?? '');
    // Exit 0 whether rules change or not (no --detailed-exitcode), the plan printed whole.
    const bytes = statSync(outFile).size;
    if (run.status !== 0 || !figures || bytes === 0)
      throw new Error(`plan --format ${format}: exit ${run.status}\n${run.stderr}`);
    if (format === 'json') checkJson(outFile);
    console.log(
      JSON.stringify({
        bench: 'plan-output',
        format,
        state,
        rules: n,
        ms,
        cpuMs: Math.round(Number(figures[2])),
        maxRssMiB: Math.round(Number(figures[1]) / 1024),
        outputMiB: Math.round((bytes / 1024 / 1024) * 10) / 10,
      }),
    );
    rmSync(outFile);
  }
} finally {
  server.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

/** The JSON form must be one object with every change in it. */
function checkJson(file: string): void {
  const output = JSON.parse(readFileSync(file, 'utf8')) as { changes: unknown[] };
  if (output.changes.length !== n)
    throw new Error(`plan --format json: ${output.changes.length} changes, expected ${n}`);
}
