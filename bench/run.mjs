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
    'bench/apply-bare.ts',
    'bench/bare-server.ts',
    'bench/sandbox-process.ts',
    'bench/list-server.ts',
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

// `npm run bench -- --only=plan,apply` runs some sections alone.
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const wanted = (name) => !onlyArg || onlyArg.slice('--only='.length).split(',').includes(name);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pad = (value, width) => String(value).padStart(width);
const rows = (header, lines) =>
  [header, ...lines].map((cells) => cells.map((c, i) => pad(c, [10, 12, 12, 14, 14, 10][i] ?? 12)).join(' '));

if (wanted('requests')) {
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
}
if (wanted('plan')) {
  // `npm run bench -- --sizes=1000,10000` skips the long 100 000 row.
  const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
  const planSizes = sizesArg
    ? sizesArg.slice('--sizes='.length).split(',').map(Number)
    : [1000, 10_000, 100_000];
  console.log(
    'Plan of N rules in one organization, end to end, against parsing the same YAML with `yaml` alone\n' +
      '(each run its own process; medians)',
  );
  const planRows = planSizes.map((n) => {
    // Three runs of each where cheap; the 100 000 row takes minutes, so one.
    const times = n >= 100_000 ? 1 : 3;
    const yaml = [];
    const plan = [];
    for (let i = 0; i < times; i++) {
      yaml.push(run('plan-time', 'yaml', String(n))[0]);
      plan.push(run('plan-time', 'plan', String(n))[0]);
    }
    const of = (runs, key) => median(runs.map((r) => r[key]));
    return {
      n,
      runs: times,
      yamlMs: of(yaml, 'ms'),
      planMs: of(plan, 'ms'),
      yamlCpuMs: of(yaml, 'cpuMs'),
      planCpuMs: of(plan, 'cpuMs'),
      documentsMs: of(plan, 'documentsMs'),
      listMs: of(plan, 'listMs'),
      planningMs: of(plan, 'planMs'),
      // Ratios per run, then their median: the two runs of a pair are closest in time on a shared machine.
      ratio: median(plan.map((p, i) => p.ms / yaml[i].ms)),
      ratioWithoutList: median(plan.map((p, i) => (p.ms - p.listMs) / yaml[i].ms)),
      // CPU time is less sensitive than wall-clock time to what else runs on the machine.
      cpuRatio: median(plan.map((p, i) => p.cpuMs / yaml[i].cpuMs)),
      yamlRss: of(yaml, 'maxRssMiB'),
      planRss: of(plan, 'maxRssMiB'),
    };
  });
  console.log(
    rows(
      [
        'rules',
        'yaml ms',
        'plan ms',
        '× yaml',
        'yaml CPU ms',
        'plan CPU ms',
        'CPU × yaml',
        'documents ms',
        'list read ms',
        'planning ms',
        'yaml MiB',
        'plan MiB',
        'CPU µs/rule',
      ],
      planRows.map((r) => [
        r.n,
        r.yamlMs,
        r.planMs,
        `${r.ratio.toFixed(2)}×`,
        r.yamlCpuMs,
        r.planCpuMs,
        `${r.cpuRatio.toFixed(2)}×`,
        r.documentsMs,
        r.listMs,
        r.planningMs,
        r.yamlRss,
        r.planRss,
        ((r.planCpuMs * 1000) / r.n).toFixed(0),
      ]),
    ).join('\n'),
  );
  const runsOf = (r) => (r.runs === 1 ? 'one run' : `median of ${r.runs}`);
  for (const r of planRows) {
    if (r.n === 10_000) {
      console.log(
        `  10 000 rules: time ${r.ratio.toFixed(2)}× the bare yaml parse of the same files (goal ≤ 1.3×; ` +
          `${r.planMs} ms against ${r.yamlMs} ms; CPU time ${r.cpuRatio.toFixed(2)}×; ` +
          `${r.ratioWithoutList.toFixed(2)}× without the list read), ${runsOf(r)}`,
      );
      console.log(
        `  10 000 rules: peak RSS ${r.planRss} MiB (goal ≤ 200; the bare yaml parse ${r.yamlRss} MiB), ${runsOf(r)}`,
      );
    }
    if (r.n === 100_000)
      console.log(
        `  100 000 rules end to end: peak RSS ${r.planRss} MiB (goal ≤ 1024; the bare yaml parse ${r.yamlRss} MiB), ` +
          `time ${r.ratio.toFixed(2)}× the bare yaml parse, ${runsOf(r)}`,
      );
  }
  const [small, mid, large] = [1000, 10_000, 100_000].map((n) => planRows.find((r) => r.n === n));
  if (small && mid && large) {
    // Linear growth: 10 times the rules take 10 times the time, and the memory above what the smallest run
    // needs grows as the rules above it do, (100 000 - 1 000) / (10 000 - 1 000) = 11 times. CPU time: the
    // wall-clock times of runs minutes apart on a shared machine are not comparable.
    const above = (r) => r.planRss - small.planRss;
    console.log(
      `  growth from 10 000 to 100 000 rules: CPU time ×${(large.planCpuMs / mid.planCpuMs).toFixed(1)} (linear: ×10), ` +
        `peak RSS above the 1 000-rule run ×${(above(large) / above(mid)).toFixed(1)} (linear: ×11)`,
    );
  }
  console.log(
    '  plan: the documents parsed and checked, the live rules read through the service client over HTTP in\n' +
      "  one request (the sandbox's answer, about 810 bytes a rule, made once and served from another process),\n" +
      "  then planned; its peak RSS is the plan process's alone. yaml: parseAllDocuments + toJS of the same\n" +
      '  files. Figures from a shared machine.\n',
  );
}
if (wanted('validate')) {
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
}
if (wanted('hostile')) {
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
}

if (wanted('apply')) {
  console.log(
    'Apply of 500 changed rules, 50 ms latency: the writes timed apart from the plan (median of 3)',
  );
  const applyRows = [4, 16].map((concurrency) => {
    const args = ['500', '50', String(concurrency)];
    const ours = [1, 2, 3].map(() => run('apply', ...args)[0]);
    const bare = [1, 2, 3].map(() => run('apply-bare', ...args)[0]);
    const writesMs = median(ours.map((a) => a.writesMs));
    const bareMs = median(bare.map((a) => a.writesMs));
    const idealMs = ours[0].idealMs;
    return { concurrency, planMs: median(ours.map((a) => a.planMs)), writesMs, bareMs, idealMs };
  });
  const percent = (ideal, ms) => `${Math.round((100 * ideal) / ms)} %`;
  console.log(
    rows(
      ['concurrency', 'plan ms', 'writes ms', 'ideal ms', 'of ideal', 'bare ms', 'bare of ideal'],
      applyRows.map((a) => [
        a.concurrency,
        a.planMs,
        a.writesMs,
        a.idealMs,
        percent(a.idealMs, a.writesMs),
        a.bareMs,
        percent(a.idealMs, a.bareMs),
      ]),
    ).join('\n'),
  );
  console.log(
    '  ideal = writes × latency / concurrency (goal: ours ≥ 90 % of it); plan = reading 500 documents, the\n' +
      '  list call and planning; bare = Node fetch against a bare loopback server of the same latency (control).\n' +
      '  Each server runs in its own process.',
  );
}
if (wanted('client')) {
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
}
if (wanted('cold-start')) {
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
}
