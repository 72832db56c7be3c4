// Installs the package as a user would and runs it: `npm pack`, then `npm install` of the tarball into an
// empty directory (offline: the bundle carries its dependencies), then `npx platform-gitops --version`,
// `demo` and `sandbox` (stopped by its PID) from there. Each must exit 0 without a stack trace, and every
// file of the package they or the commands' help name (docs/…, fixtures/…) must be in the package.
// Prints the package size and the install time. Usage: node scripts/check-package.mjs
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { missingFromPackage } from './package-paths.mjs';

const REQUIRED = [
  'package/dist/cli.js',
  'package/dist/index.js',
  'package/dist/post.js',
  // Without it Node reads dist/'s files as ES modules (the project's package.json says so), and they are not.
  'package/dist/package.json',
  'package/action.yml',
  'package/LICENSE',
  'package/README.md',
  'package/fixtures/sandbox/organizations.yaml',
  'package/fixtures/example/alerting/api.yaml',
  'package/schemas/alert-rule.schema.json',
];
const FORBIDDEN = /^package\/(src|test|bench|scripts|fixtures\/invalid|node_modules)\//;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const problems = [];
const work = await mkdtemp(join(tmpdir(), 'check-package-'));

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Runs a command to completion; a failure or a stack trace is a problem. */
function run(what, command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
  const output = `${result.stdout ?? ''}${withoutNpmConfigNotice(result.stderr ?? '')}`;
  if (result.status !== 0) problems.push(`${what} exited ${result.status ?? result.signal}:\n${output}`);
  else if (STACK_LINE.test(output)) problems.push(`${what} printed a stack trace:\n${output}`);
  return { stdout: result.stdout ?? '', output };
}

/** A machine's own npm configuration may make npm itself warn; that is not the package's doing. */
function withoutNpmConfigNotice(text) {
  return text.replace(/^npm warn Unknown user config.*\n?/gm, '');
}

/**
 * Starts `sandbox`, waits for its address, stops it by its PID (SIGTERM) and wants a clean exit. It runs
 * the bin npx would run (node_modules/.bin/platform-gitops) directly: npx wraps it in a process of its own,
 * so npx's PID is not the sandbox's and a signal to it would leave the sandbox running.
 */
function runSandbox(cwd) {
  return new Promise((resolve) => {
    const bin = join(cwd, 'node_modules', '.bin', 'platform-gitops');
    const child = spawn(bin, ['sandbox', '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const deadline = setTimeout(() => {
      problems.push(`sandbox did not start within 60 s:\n${output}`);
      child.kill('SIGKILL');
    }, 60_000);
    let output = '';
    let stopped = false;
    const onData = (chunk) => {
      output += chunk;
      if (!stopped && /listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) {
        stopped = true;
        process.kill(child.pid, 'SIGTERM');
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      if (!stopped) problems.push(`sandbox exited before listening (${code ?? signal}):\n${output}`);
      else if (code !== 0) problems.push(`sandbox stopped with ${code ?? signal}:\n${output}`);
      else if (STACK_LINE.test(output)) problems.push(`sandbox printed a stack trace:\n${output}`);
      resolve(output);
    });
  });
}

try {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', work], { encoding: 'utf8' }),
  )[0];
  const files = new Set(packed.files.map((f) => `package/${f.path}`));
  for (const file of REQUIRED) if (!files.has(file)) problems.push(`the package lacks ${file}`);
  for (const file of files) if (FORBIDDEN.test(file)) problems.push(`the package should not ship ${file}`);
  console.log(
    `package: ${packed.filename}, ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} unpacked, ${packed.entryCount} files`,
  );

  const consumer = join(work, 'consumer');
  execFileSync('mkdir', [consumer]);
  const started = performance.now();
  const install = run(
    'npm install of the tarball',
    npm,
    ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)],
    { cwd: consumer },
  );
  console.log(`install: ${((performance.now() - started) / 1000).toFixed(1)} s (npm install of the tarball)`);
  if (/EBADENGINE|npm warn/i.test(install.output)) problems.push(`npm install warned:\n${install.output}`);
  const manifest = JSON.parse(await readFile('package.json', 'utf8'));
  const npx = (what, args) =>
    run(what, 'npx', ['--no-install', 'platform-gitops', ...args], { cwd: consumer });
  const version = npx('--version', ['--version']).stdout.trim();
  if (version !== `platform-gitops ${manifest.version}`) problems.push(`--version printed '${version}'`);
  const demo = npx('demo', ['demo', '--no-color']).output;
  if (!/^Done: validated, planned, applied, found the edit made outside git as drift/m.test(demo)) {
    problems.push(`demo did not finish:\n${demo}`);
  }
  const sandbox = await runSandbox(consumer);
  if (!sandbox.includes('sandbox stopped')) problems.push(`sandbox did not stop cleanly:\n${sandbox}`);
  const commands = [
    'validate',
    'plan',
    'apply',
    'drift',
    'logs',
    'export',
    'import',
    'sandbox',
    'demo',
    'init',
  ];
  const help = [[], ...commands.map((c) => [c])].map(
    (c) => npx(`${c[0] ?? ''} --help`, [...c, '--help']).output,
  );
  const shipped = (path) =>
    files.has(`package/${path}`) || [...files].some((file) => file.startsWith(`package/${path}/`));
  for (const path of missingFromPackage([...help, demo, sandbox].join('\n'), shipped)) {
    problems.push(`the command line names ${path}, which the package does not contain`);
  }
  if (problems.length === 0) console.log('from the installed tarball: --version, demo and sandbox exited 0');
} finally {
  await rm(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`the installed package does not work:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
