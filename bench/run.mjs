// `npm run bench`: builds the benchmarks with esbuild into .tmp/bench, runs each in its own process and
// prints one table. Figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../scripts/build-options.mjs';

const outdir = '.tmp/bench';
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: [
    'bench/requests.ts',
    'bench/plan-time.ts',
    'bench/apply.ts',
    'bench/sandbox-process.ts',
    'bench/client.ts',
    'bench/validate-time.ts',
    'bench/hostile-input.ts',
  ],
  alias: BUILD_OPTIONS.alias,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  splitting: true,
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});

function run(script, ...args) {
  const out = execFileSync(process.execPath, [`${outdir}/${script}.js`, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  return out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

const pad = (value, width) => String(value).padStart(width);
const rows = (header, lines) =>
  [header, ...lines].map((cells) => cells.map((c, i) => pad(c, [10, 12, 12, 14, 14, 10][i] ?? 12)).join(' '));

console.log('Requests for a plan of N rules (sandbox, loopback)');
const requests = run('requests');
console.log(
  rows(
    ['rules', 'ours', 'ours ms', 'per-rule GET', 'GETs ms'],
    requests.map((r) => [r.rules, r.ours, r.oursMs, r.baseline, r.baselineMs]),
  ).join('\n'),
);
console.log(
  '  ours ms: the whole plan (read and parse the documents, one list call, plan); GETs ms: the GETs alone.\n' +
    '  At 1000 requests/hour/token the per-rule baseline of 10 000 rules needs 10 hours of budget; ours needs 1 request.\n',
);

console.log('Plan time for 10 000 documents vs parsing the same YAML with `yaml`');
const [yamlRun] = run('plan-time', 'yaml', '10000');
const [planRun] = run('plan-time', 'plan', '10000');
console.log(
  rows(
    ['', 'best ms', 'peak RSS MiB'],
    [
      ['yaml only', yamlRun.bestMs, yamlRun.maxRssMiB],
      ['our plan', planRun.bestMs, planRun.maxRssMiB],
    ],
  ).join('\n'),
);
console.log(`  ratio: ${(planRun.bestMs / yamlRun.bestMs).toFixed(2)}× (goal ≤ 2×)\n`);

console.log('Validate time with and without the PromQL checks (read + parse + checks, best run)');
const validates = run('validate-time', '10000');
console.log(
  rows(
    ['documents', 'without ms', 'with ms', 'checks 1st ms', 'findings'],
    validates.map((v) => [v.documents, v.without, v.with, v.firstCheck, v.findings]),
  ).join('\n'),
);
console.log(
  `  ${validates.map((v) => v.name).join('; ')}. checks 1st: the checks alone on their first run, loading the PromQL modules\n`,
);

console.log('Validation of hostile shapes at 1×, 2× and 4× the size (rate must stay about flat)');
const hostile = run('hostile-input');
console.log(
  rows(
    ['shape', 'scale', 'units', 'bytes', 'ms', 'units/s'],
    hostile.map((h) => [h.shape.split(' ')[0], `${h.scale}×`, h.units, h.bytes, h.ms, h.perSecond]),
  ).join('\n'),
);
console.log(
  '  duplicate: 4,931 documents sharing one id per 1 MB file (units: documents); keys: one mapping of\n' +
    '  35,750 × scale keys (units: keys; 4× is 143,000, the largest that fits the 1 MiB file limit)\n',
);

console.log('Apply of 500 changed rules, 50 ms sandbox latency');
// The 0 ms row is the cost of a write on this machine without added latency.
const applies = [
  run('apply', '500', '0', '4')[0],
  run('apply', '500', '50', '4')[0],
  run('apply', '500', '50', '16')[0],
];
console.log(
  rows(
    ['writes', 'latency ms', 'concurrency', 'wall ms', 'ideal ms', 'requests'],
    applies.map((a) => [a.writes, a.latencyMs, a.concurrency, a.wallMs, a.idealMs, a.requests]),
  ).join('\n'),
);
console.log('  ideal = writes × latency / concurrency + one list call; the sandbox runs in its own process');

console.log(
  '\nThe service client against the sandbox: a cold request (new client, TCP connect) and warm ones',
);
const client = run('client');
console.log(
  rows(
    ['path', 'requests', 'median ms', 'min ms', 'max ms'],
    client.map((c) => [c.path, c.requests ?? c.trials, c.medianMs, c.minMs, c.maxMs]),
  ).join('\n'),
);
console.log(
  '  cold: median of 15 new clients, one request each; warm: 20 requests on one keep-alive connection',
);

console.log('\nCold start of the bundles (median of 15 runs) against plain `node -e 0`');
const starts = execFileSync(process.execPath, ['bench/cold-start.mjs', '15'], { encoding: 'utf8' })
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line));
for (const s of starts.filter((x) => x.bench === 'cold-start'))
  console.log(`${pad(s.medianMs, 8)} ms  ${s.name}`);
const sizes = starts.find((x) => x.bench === 'bundle');
console.log(
  `  entry sizes: ${Object.entries(sizes)
    .filter(([k]) => k !== 'bench')
    .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KiB`)
    .join(', ')} (shared chunks in dist/chunks, loaded on demand)`,
);
