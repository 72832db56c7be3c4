// `npm run bench`: builds the benchmarks with esbuild into .tmp/bench, runs each in its own process and
// prints one table. Figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../scripts/build-options.mjs';
import { upFrontSize } from '../scripts/bundle-graph.mjs';

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
    'bench/client.ts',
    'bench/validate-time.ts',
    'bench/hostile-input.ts',
    'bench/cold-start.ts',
    'bench/github-process.ts',
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
const rows = (header, lines, widths = [10, 12, 12, 14, 14, 10]) =>
  [header, ...lines].map((cells) => cells.map((c, i) => pad(c, widths[i] ?? 12)).join(' '));

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
  console.log('Plan of N rules against parsing the same YAML with `yaml` (each run its own process; median)');
  const planRows = planSizes.map((n) => {
    // Three runs of each where cheap; the 100 000 row takes minutes, so one.
    const times = n >= 100_000 ? 1 : 3;
    const yaml = [];
    const plan = [];
    for (let i = 0; i < times; i++) {
      yaml.push(run('plan-time', 'yaml', String(n))[0]);
      plan.push(run('plan-time', 'plan', String(n))[0]);
    }
    return {
      n,
      runs: times,
      yamlMs: median(yaml.map((r) => r.ms)),
      planMs: median(plan.map((r) => r.ms)),
      yamlRss: median(yaml.map((r) => r.maxRssMiB)),
      planRss: median(plan.map((r) => r.maxRssMiB)),
    };
  });
  console.log(
    rows(
      ['rules', 'yaml ms', 'plan ms', 'time ratio', 'yaml RSS MiB', 'plan RSS MiB', 'plan µs/rule'],
      planRows.map((r) => [
        r.n,
        r.yamlMs,
        r.planMs,
        `${(r.planMs / r.yamlMs).toFixed(2)}×`,
        r.yamlRss,
        r.planRss,
        ((r.planMs * 1000) / r.n).toFixed(0),
      ]),
    ).join('\n'),
  );
  for (const r of planRows) {
    if (r.n === 10_000)
      console.log(
        `  10 000 rules: peak RSS ${r.planRss} MiB (goal ≤ 200; yaml alone ${r.yamlRss}), ` +
          `time ${(r.planMs / r.yamlMs).toFixed(2)}× the yaml parse (goal ≤ 1.3×), median of ${r.runs}`,
      );
    if (r.n === 100_000) console.log(`  100 000 rules: peak RSS ${r.planRss} MiB (goal ≤ 1024), one run`);
  }
  console.log(
    '  The live state is built in-process (as the client decodes it). Reading a list of 100 000 rules\n' +
      "  (about 81 MB) from the service end to end needs a body cap above the client's fixed 32 MiB.\n",
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
    'Apply of 500 changed rules, 50 ms latency: the writes timed apart from the plan (median of 3, runs interleaved)',
  );
  const kinds = [
    ['ours → sandbox', (args) => run('apply', ...args, 'sandbox')[0]],
    ['ours → bare server', (args) => run('apply', ...args, 'bare')[0]],
    ['control', (args) => run('apply-bare', ...args)[0]],
  ];
  const applyRows = [4, 16].flatMap((concurrency) => {
    const args = ['500', '50', String(concurrency)];
    const runs = kinds.map(() => []);
    for (let round = 0; round < 3; round++) {
      for (const [i, [, measure]] of kinds.entries()) runs[i].push(measure(args));
    }
    return kinds.map(([name], i) => {
      const m = (field) => median(runs[i].map((r) => r[field]));
      return {
        concurrency,
        name,
        planMs: i === 2 ? null : m('planMs'),
        writesMs: m('writesMs'),
        idealMs: runs[i][0].idealMs,
        client: m('clientCpuMsPerWrite'),
        server: m('serverCpuMsPerWrite'),
      };
    });
  });
  console.log(
    rows(
      ['concurrency', 'writes to', 'writes ms', 'of ideal', 'client CPU', 'server CPU', 'plan ms'],
      applyRows.map((a) => [
        a.concurrency,
        a.name,
        a.writesMs,
        `${Math.round((100 * a.idealMs) / a.writesMs)} %`,
        `${a.client.toFixed(2)} ms`,
        `${a.server.toFixed(2)} ms`,
        a.planMs ?? '',
      ]),
      [11, 18, 10, 9, 11, 11, 8],
    ).join('\n'),
  );
  console.log(
    '  ideal = writes × latency / concurrency (6250 ms at 4, 1563 ms at 16); goal: ours → sandbox ≥ 90 % of it.\n' +
      '  CPU: user + system time per write of the client process and of the server process during the writes.\n' +
      "  ours: the apply command's writes (service client, retries, pacing, decoding, checks of what was stored);\n" +
      '  bare server: waits the latency and answers, nothing else; control: undici request() with one keep-alive\n' +
      '  Agent against the bare server, what the machine allows. plan ms: reading 500 documents, the list call\n' +
      '  and planning against the sandbox. Each server runs in its own process.\n',
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
  // The bundles as dist/ builds them from the current sources, and the bare toolkit script built the same way.
  const bundled = async (entryPoints, dir) =>
    (await build({ ...BUILD_OPTIONS, entryPoints, outdir: `${outdir}/${dir}` })).metafile.outputs;
  const ours = await bundled(BUILD_OPTIONS.entryPoints, 'dist');
  const toolkit = await bundled({ toolkit: 'bench/toolkit-script.ts' }, 'toolkit');
  const runs = 11;
  console.log(`\nCold start, each run a new process (median of ${runs} rounds, commands interleaved)`);
  // `--instructions` adds callgrind's instruction counts (slow: about a minute; valgrind must be installed).
  const counting = process.argv.includes('--instructions') ? ['--instructions'] : [];
  const starts = run(
    'cold-start',
    String(runs),
    `${outdir}/dist`,
    `${outdir}/toolkit/toolkit.js`,
    ...counting,
  );
  for (const s of starts.filter((x) => x.bench === 'cold-start'))
    console.log(`${pad(Math.round(s.medianMs), 8)} ms  ${s.name}`);
  const kib = ({ files, bytes }) => `${files} files, ${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    '  dist/index.js for a pull request validated offline (no api-token), against the bare toolkit script\n' +
      '  (imports @actions/core and @actions/github, reads the event) in the same runner environment; the\n' +
      '  median of the ratios of each round (goal ≤ 0.6× for the start, the first two):',
  );
  for (const r of starts.filter((x) => x.bench === 'cold-start-ratio'))
    console.log(`  ${pad(`${r.ratio.toFixed(2)}×`, 8)}  ${r.name}`);
  const counted = starts.find((x) => x.bench === 'cold-start-instructions');
  if (counted) {
    const m = (n) => `${Math.round(n / 1e6)} M`;
    console.log(
      `  Instructions (callgrind, one run): offline validation ${m(counted.start)}, toolkit script ${m(counted.toolkit)}, ` +
        `node -e 0 ${m(counted.floor)}: ${(counted.start / counted.toolkit).toFixed(2)}× the toolkit script`,
    );
  }
  console.log(
    `  Loaded before the first line runs: index.js ${kib(upFrontSize(ours, 'index.js'))}, ` +
      `post.js ${kib(upFrontSize(ours, 'post.js'))}, cli.js ${kib(upFrontSize(ours, 'cli.js'))}; ` +
      `toolkit script ${kib(upFrontSize(toolkit, 'toolkit.js'))}`,
  );
}
