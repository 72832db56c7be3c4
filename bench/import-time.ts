/**
 * `import` of N Prometheus alerts that share one name, in one group of one rule file (the repeated name
 * each rule is renamed from, and the one group split into numbered files), measured in its own process:
 *   node import-time.js N
 * The command runs as the command line runs it (runImportCommand: read, map, write to --out, print the
 * findings as text). Prints one JSON line: wall-clock and CPU time, the process's peak RSS (Node's own
 * start included), the files written and the largest of them, and the lines printed.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImportCommand } from '../src/commands/import.js';
import { ownCpuMs } from './server-control.js';

const size = Number(process.argv[2]);
if (!Number.isInteger(size) || size < 1) throw new Error('usage: import-time.js N');

const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
try {
  const rule = [
    '      - alert: HighRequestLatency',
    '        expr: histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) > 0.5',
    '        for: 10m',
    '        labels:',
    '          severity: critical',
    '        annotations:',
    '          summary: Request latency is high',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'rules.yaml'), `groups:\n  - name: latency\n    rules:\n${rule.repeat(size)}`);
  let printed = 0;
  const cpu = ownCpuMs();
  const started = performance.now();
  const status = await runImportCommand({
    paths: ['rules.yaml'],
    cwd: dir,
    cluster: 'prod-eu',
    target: undefined,
    receivers: ['slack-oncall'],
    severityMap: undefined,
    outDir: 'out',
    dryRun: false,
    format: 'text',
    print: (text) => {
      printed += text.split('\n').length - 1;
    },
  });
  const ms = Math.round(performance.now() - started);
  const cpuMs = Math.round(ownCpuMs() - cpu);
  const files = readdirSync(join(dir, 'out'));
  const largest = Math.max(...files.map((f) => statSync(join(dir, 'out', f)).size));
  console.log(
    JSON.stringify({
      alerts: size,
      status,
      ms,
      cpuMs,
      maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      files: files.length,
      largestBytes: largest,
      printedLines: printed,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
