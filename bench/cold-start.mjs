// Cold start of the bundles against plain `node -e 0`: the median wall time of several runs of each, in
// separate processes, on the Node that runs this script. Prints one JSON line per command.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.argv[2] ?? 15);
const empty = { PATH: process.env.PATH ?? '' };
const commands = [
  ['node -e 0', ['-e', '0'], {}],
  ['dist/cli.js --version', ['dist/cli.js', '--version'], {}],
  ['dist/cli.js validate fixtures/example', ['dist/cli.js', 'validate', 'fixtures/example'], {}],
  // No alert rule: the PromQL modules are never loaded, so this is the cold start without them.
  [
    'dist/cli.js validate fixtures/example/components',
    ['dist/cli.js', 'validate', 'fixtures/example/components'],
    {},
  ],
  // With no event the action stops after reading its inputs: the cost of loading the bundle and starting.
  ['dist/index.js (no event)', ['dist/index.js'], empty],
  ['dist/post.js (no saved state)', ['dist/post.js'], empty],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, args, env] of commands) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    try {
      execFileSync(process.execPath, args, { stdio: 'ignore', env: { ...process.env, ...env } });
    } catch {
      // A non-zero exit (no event, no token) still measures the start.
    }
    times.push(performance.now() - start);
  }
  console.log(JSON.stringify({ bench: 'cold-start', name, runs: RUNS, medianMs: Math.round(median(times)) }));
}
const size = (file) => statSync(file).size;
console.log(
  JSON.stringify({
    bench: 'bundle',
    'dist/index.js': size('dist/index.js'),
    'dist/post.js': size('dist/post.js'),
    'dist/cli.js': size('dist/cli.js'),
  }),
);
