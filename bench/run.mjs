// `npm run bench`: builds the benchmarks with esbuild into .tmp/bench, runs each in its own process and
// prints one table. Figures are printed, never asserted.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { build } from 'esbuild';
import { BUILD_OPTIONS } from '../scripts/build-options.mjs';
import { writeBundle } from '../scripts/bundle.mjs';
import { upFrontSize } from '../scripts/bundle-graph.mjs';

const outdir = '.tmp/bench';
// The bench's own scripts are ES modules; some CommonJS dependencies call require() for Node built-ins.
const BANNER = "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);";
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
    'bench/validate-real-queries.ts',
    'bench/check-stages.ts',
    'bench/hostile-input.ts',
    'bench/cold-start.ts',
    'bench/github-process.ts',
    'bench/linear-corners.ts',
    'bench/names-plan.ts',
    'bench/live-series.ts',
    'bench/plan-output.ts',
    'bench/import-time.ts',
  ],
  alias: BUILD_OPTIONS.alias,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir,
  splitting: true,
  banner: { js: BANNER },
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
    '  ours ms: the whole plan (read and parse the documents, the four list calls, plan); GETs ms: the GETs alone.\n' +
      '  At 1000 requests/hour/token the per-rule baseline of 10 000 rules needs 10 hours of budget; ours needs 4 (the\n' +
      "  organization's rules, its receivers, which check every receiver a rule names, and its clusters and services,\n" +
      '  which resolve names and name what ids give).\n',
  );
}
if (wanted('live-series')) {
  console.log(
    'Live series check: 1,000 rules, 2,000 selectors, 3 clusters (sandbox over loopback, in one process)',
  );
  const live = run('live-series');
  console.log(
    rows(
      ['names/cluster', 'requests', 'per cluster', 'findings', 'ms', 'pint ≥'],
      live.map((r) => [
        r.names.join('/'),
        r.requests,
        r.perClusterRequests.join('/'),
        r.findings,
        r.ms,
        r.pintQueries,
      ]),
      [16, 10, 12, 10, 8, 8],
    ).join('\n'),
  );
  for (const r of live)
    console.log(
      `  ${r.label}: ${r.selectors} selectors of ${r.rules} rules${r.unavailable ? `; unavailable: ${r.unavailable}` : ''}`,
    );
  console.log(
    "  requests: to the metrics proxy (goal: at most 3 per cluster while a cluster's names fit one batch: 500\n" +
      "  names and 14,000 encoded characters per query). pint ≥: the lower bound of pint's promql/series check,\n" +
      '  which queries its Prometheus at least once per selector (more, each a query, to explain one that is\n' +
      '  empty: the metric alone, each label, a range query for when it was last seen).\n',
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
if (wanted('output')) {
  // The CLI bundle as dist/ builds it from the current sources, run as a user runs it.
  await writeBundle(`${outdir}/dist`);
  const sizesArg = process.argv.find((a) => a.startsWith('--output-sizes='));
  const sizes = sizesArg
    ? sizesArg.slice('--output-sizes='.length).split(',').map(Number)
    : [10_000, 100_000];
  const formats = ['text', 'json', 'github'];
  console.log(
    '`plan --format F` of N rules, output written: the CLI bundle a new process against a sandbox process\n' +
      '(median of 3 rounds, formats interleaved; one round at 100 000)',
  );
  const outputRows = sizes.flatMap((n) =>
    ['unchanged', 'changed'].flatMap((state) => {
      const rounds = Array.from({ length: n >= 100_000 ? 1 : 3 }, () =>
        run('plan-output', `${outdir}/dist`, String(n), state, ...formats),
      );
      return formats.map((format) => {
        const runs = rounds.map((round) => round.find((r) => r.format === format));
        const m = (key) => median(runs.map((r) => r[key]));
        return [n, state, format, m('ms'), m('cpuMs'), m('maxRssMiB'), m('outputMiB')];
      });
    }),
  );
  console.log(
    rows(
      ['rules', 'rules are', 'format', 'ms', 'CPU ms', 'peak MiB', 'output MiB'],
      outputRows,
      [8, 10, 8, 8, 8, 9, 11],
    ).join('\n'),
  );
  console.log(
    "  peak MiB: the CLI process's peak RSS (its own start included), read at its exit; its stdout goes to a\n" +
      '  file. unchanged: the documents say what the service holds; changed: every rule differs (severity), so\n' +
      '  the plan shows each with its diff. Goal: json of unchanged rules at most 200 MiB at 10 000 rules and\n' +
      '  1024 MiB at 100 000.\n',
  );
}
if (wanted('validate')) {
  console.log('Validate time with and without the PromQL checks (read + parse + checks, best run)');
  const lines = run('validate-time', '10000');
  const validates = lines.filter((v) => v.bench === 'validate-time');
  console.log(
    rows(
      ['documents', 'without ms', 'with ms', 'checks 1st ms', 'findings'],
      validates.map((v) => [v.documents, v.without, v.with, v.firstCheck, v.findings]),
    ).join('\n'),
  );
  console.log(
    `  ${validates.map((v) => v.name).join('; ')}. checks 1st: the checks alone on their first run, loading the PromQL modules\n`,
  );
  // The bundles as dist/ builds them from the current sources.
  await writeBundle(`${outdir}/dist`);
  const processes = [
    ...run('validate-real-queries', '11', `${outdir}/dist`, '1'),
    ...run('validate-real-queries', '5', `${outdir}/dist`, '10'),
  ];
  const real = lines.filter((v) => v.bench === 'validate-real-queries');
  console.log('validate of real queries against the same rules with every query `up`');
  console.log(
    rows(
      ['rules', 'queries', 'up ms', 'real ms', 'real / up', 'up cpu', 'real cpu', 'cpu r / up', 'measured'],
      [
        ...processes.map((v) => [
          v.rules,
          v.distinct,
          v.up,
          v.real,
          v.ratio,
          v.upCpu,
          v.realCpu,
          v.cpuRatio,
          'process',
        ]),
        ...real.map((v) => [v.documents, v.distinct, v.up, v.real, v.ratio, '', '', '', 'in process']),
      ],
      [6, 8, 8, 8, 10, 8, 9, 11, 11],
    ).join('\n'),
  );
  console.log(
    '  the real queries of test/unit/promql/corpus, in turn, each rule with the operator its query is written for.\n' +
      '  process: `validate` of the repository, a new process of the CLI bundle each run (median of interleaved\n' +
      '  rounds, wall and CPU time; goal: real / up at most 1.3); in process: parsing the documents and checking\n' +
      '  the queries alone, warm, without the start, the reading of files and the other checks (best run).\n' +
      '  A query is checked once per operator however many rules share it: the `up` rules cost one check, and\n' +
      '  the 3470 rules hold each real query ten times.\n',
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
if (wanted('linear')) {
  console.log(
    'Corners that were once quadratic, each size in its own process (a third of the size, then the size)',
  );
  const corners = [
    ['diff', 10_000],
    ['diff', 30_000],
    ['apart', 30_000],
    ['queue', 100_000],
    ['queue', 300_000],
  ].map(([which, size]) => run('linear-corners', which, String(size))[0]);
  console.log(
    rows(
      ['ms', 'CPU ms', 'peak MiB', 'case'],
      corners.map((c) => [c.ms, c.cpuMs, c.maxRssMiB, `  ${c.name} (${c.detail})`]),
      [8, 8, 9, 0],
    ).join('\n'),
  );
  console.log(
    "  peak MiB: the process's peak RSS, Node's own start included. Before: 0.67 s and 451 MB for the\n" +
      '  10,000-line diff, 5.8 s and 3.7 GB for 30,000 (a table of rows × columns); 3.8 s for 100,000 queued\n' +
      '  tasks, 40 s for 300,000 (`shift()` on every release).\n',
  );
}
if (wanted('import')) {
  // `--import-sizes=10000,40000` for other sizes (default 10 000, 40 000 and 100 000).
  const sizesArg = process.argv.find((a) => a.startsWith('--import-sizes='));
  const sizes = sizesArg
    ? sizesArg.slice('--import-sizes='.length).split(',').map(Number)
    : [10_000, 40_000, 100_000];
  console.log(
    'Import of N Prometheus alerts of one name in one group, as the command line runs it (read, map, write\n' +
      'to --out, print the findings), each size in its own process',
  );
  const imports = sizes.map((n) => run('import-time', String(n))[0]);
  console.log(
    rows(
      ['alerts', 'ms', 'CPU ms', 'peak MiB', 'files', 'largest bytes', 'lines out', 'µs/alert'],
      imports.map((r) => [
        r.alerts,
        r.ms,
        r.cpuMs,
        r.maxRssMiB,
        r.files,
        r.largestBytes,
        r.printedLines,
        ((r.cpuMs * 1000) / r.alerts).toFixed(0),
      ]),
      [8, 8, 8, 9, 7, 14, 10, 9],
    ).join('\n'),
  );
  console.log(
    '  µs/alert: CPU time per alert (flat when linear). largest bytes: the largest file written, at most the\n' +
      "  1,048,576 a file `validate` reads. lines out: what the command printed, its findings capped as a run's are.\n" +
      '  Before: 32 s for 10 000, 165 s for 20 000, over 11 minutes for 40 000; 100 000 wrote one 28.6 MiB file\n' +
      '  and printed 100 000 warnings.\n',
  );
}
if (wanted('names')) {
  // `--names-size=N` for another size (default 10 000).
  const sizeArg = process.argv.find((a) => a.startsWith('--names-size='));
  const n = sizeArg ? Number(sizeArg.slice('--names-size='.length)) : 10_000;
  console.log(
    `Plan of ${n} rules written with names (cluster: prod-eu, target: {service: shop/production/api}) against the\n` +
      'same rules written with ids, end to end against a sandbox in its own process (each run its own process; medians of 3)',
  );
  const measured = ['ids', 'names'].map((mode) => {
    const runs = [0, 1, 2].map(() => run('names-plan', mode, String(n))[0]);
    return {
      mode,
      ms: median(runs.map((r) => r.ms)),
      cpuMs: median(runs.map((r) => r.cpuMs)),
      rss: median(runs.map((r) => r.maxRssMiB)),
      requests: runs[0].requests,
      lists: runs[0].lists,
    };
  });
  console.log(
    rows(
      ['written', 'plan ms', 'plan CPU ms', 'peak MiB', 'requests'],
      measured.map((r) => [r.mode, r.ms, r.cpuMs, r.rss, r.requests]),
    ).join('\n'),
  );
  const [ids, names] = measured;
  console.log(
    `  names: ${(names.ms / ids.ms).toFixed(2)}× the time (${(names.cpuMs / ids.cpuMs).toFixed(2)}× the CPU time), ` +
      `${(names.rss / ids.rss).toFixed(2)}× the peak memory of ids; ` +
      `requests of each: ${JSON.stringify(names.lists)} (the same lists for ids: the report names what ids give).\n`,
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
        // The control makes no plan: it has no planMs.
        planMs: runs[i][0].planMs === undefined ? null : m('planMs'),
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
      '  and planning against the sandbox. Each server runs in its own process and serves 2500 warm-up writes\n' +
      '  before the bench starts (bench/warm-up.ts), as the long-running service does; the client starts cold,\n' +
      '  as every run of the action does. BENCH_COLD_SERVERS=1 measures the servers cold.\n',
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
  const ours = await writeBundle(`${outdir}/dist`);
  // One entry and no dynamic import: one file, as dist/'s files are built.
  const toolkit = await writeBundle(`${outdir}/toolkit`, { toolkit: 'bench/toolkit-script.ts' });
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
  console.log(
    `  on Node ${starts.find((x) => x.bench === 'cold-start-node').version} (BENCH_NODE=PATH runs another)`,
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
