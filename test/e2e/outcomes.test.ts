/**
 * Every outcome says what really happened: the bundled CLI and action, run as a user would, on the cases
 * that used to pass silently or cry wolf. Each asserts the exit status and the one line that explains it.
 * Each story's first run is the bundle's; the runs after it call the same entry functions in-process.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';
import { runCli } from './bundle.js';

const { sandbox, github, inputs } = useActionWorld('.');

const cli = (args: readonly string[], cwd: string, env: Record<string, string> = {}) =>
  runCli(args, { cwd, env: { HOME: process.env.HOME ?? cwd, ...env } });
/**
 * The command line's entry function in this process (what cli.js calls), for the runs of a test after the
 * bundle's: the repository is named with --root, as the working directory is the test's.
 */
const inProcess = (args: readonly string[], env: Record<string, string> = {}) =>
  runCliInProcess(args, { HOME: process.env.HOME ?? '', ...env });

/** The example repository plus other tools' YAML, as a real repository has. */
async function mixedRepository(): Promise<{ dir: string; first: string }> {
  const repo = await exampleRepository();
  await writeFile(join(repo.dir, 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
  await mkdir(join(repo.dir, 'k8s'));
  await writeFile(join(repo.dir, 'k8s', 'deploy.yaml'), 'apiVersion: apps/v1\nkind: Deployment\n');
  return repo;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('discovery', () => {
  it('paths that hold no document: exit 1, "no documents found under …"', async () => {
    const { dir } = await mixedRepository();
    await mkdir(join(dir, 'empty'));
    const run = await cli(['validate', 'empty'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error: no documents found under empty');
    const allowed = await inProcess(['validate', 'empty', '--allow-empty', '--root', dir]);
    expect(allowed.code).toBe(0);
  });

  it('the default path in a real repository skips other YAML with one notice: exit 0', async () => {
    const { dir } = await mixedRepository();
    const run = await cli(['validate', '--verbose'], dir);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('notice: skipped 2 YAML files that hold no platform-gitops documents');
    expect(run.stdout).toMatch(
      /Skipped \(no platform-gitops documents\):\n {2}docker-compose\.yml\n {2}k8s\/deploy\.yaml/,
    );
    const json = JSON.parse((await inProcess(['validate', '--format', 'json', '--root', dir])).stdout);
    expect(json.skippedFiles).toEqual(['docker-compose.yml', 'k8s/deploy.yaml']);
  });

  it('a non-YAML file named explicitly: exit 1, one finding (in-process)', async () => {
    const { dir } = await mixedRepository();
    await writeFile(join(dir, 'README.md'), `# Docs\n${'word '.repeat(4000)}\n- a: [b\n`);
    const run = await inProcess(['validate', 'README.md', '--format', 'json', '--root', dir]);
    expect(run.code).toBe(1);
    const found = JSON.parse(run.stdout).diagnostics.map((d: { code: string; message: string }) => d.message);
    expect(found).toEqual([
      'not a YAML file: README.md (documents are .yaml or .yml files; name a directory to search it)',
    ]);
  });
});

describe('root', () => {
  it('run from a sub-directory, findings name files from the repository root', async () => {
    const { dir } = await mixedRepository();
    await writeFile(join(dir, 'alerting', 'typo.yaml'), 'kind: AlertRul\n');
    const run = await cli(['validate', '.', '--format', 'github'], join(dir, 'alerting'));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error file=alerting\/typo\.yaml,line=1,col=7.*did you mean `AlertRule`/m);
  });
});

describe('missing history', () => {
  it('plan --base nosuchrev: exit 1 with how to fix it, before any request', async () => {
    const { dir } = await mixedRepository();
    sandbox().resetLog();
    const run = await cli(['plan', '--base', 'nosuchrev', '--org', sandbox().organizationId], dir, {
      QOVERY_API_TOKEN: sandbox().token,
      QOVERY_API_URL: sandbox().url,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error: revision nosuchrev cannot be read');
    expect(run.stdout).toContain('fetch-depth: 0');
    expect(sandbox().requests).toEqual([]);
  });

  it('apply --prune without a base: exit 1, nothing read or written (in-process)', async () => {
    const { dir } = await mixedRepository();
    sandbox().resetLog();
    const run = await inProcess(['apply', '--prune', '--root', dir], {
      QOVERY_API_TOKEN: sandbox().token,
      QOVERY_API_URL: sandbox().url,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('error: prune needs a base revision');
    expect(sandbox().requests).toEqual([]);
  });
});

describe('the command line', () => {
  it('help lists only what a command takes; typos get "did you mean"; ids are checked locally', async () => {
    const { dir } = await mixedRepository();
    const help = await cli(['validate', '--help'], dir);
    expect(help.code).toBe(0);
    expect(help.stdout).not.toMatch(/--org|--api-url|--concurrency|--head/);
    const typo = await inProcess(['validat']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/^platform-gitops: unknown command 'validat'; did you mean 'validate'\?/);
    const head = await inProcess(['plan', '--head', 'HEAD']);
    expect(head.code).toBe(1);
    expect(head.stderr).toMatch(/unknown option '--head' for 'plan'/);
    sandbox().resetLog();
    const org = await inProcess(['plan', '--org', 'acme'], {
      QOVERY_API_TOKEN: sandbox().token,
      QOVERY_API_URL: sandbox().url,
    });
    expect(org.code).toBe(1);
    expect(org.stderr).toBe(
      "platform-gitops: --org must be a UUID such as 7f1b2c3d-0000-4000-8000-000000000001, not 'acme'\n",
    );
    expect(sandbox().requests).toEqual([]);
  });

  it('after a 401 no further request is sent (in-process)', async () => {
    const { dir } = await mixedRepository();
    sandbox().resetLog();
    const run = await inProcess(['plan', '--all', '--concurrency', '1', '--root', dir], {
      QOVERY_API_TOKEN: 'qov_unknown_token_value',
      QOVERY_API_URL: sandbox().url,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/HTTP 401/);
    // One alert-rule read and one component request may be in flight together; nothing after them.
    expect(sandbox().requests.length).toBeLessThanOrEqual(2);
    expect(sandbox().requests.every((r) => r.status === 401)).toBe(true);
  });
});

describe('GitHub unreachable', () => {
  it('a pull-request run ends with the same exit status and job summary, minus comment and Checks run (unreachable run in-process)', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: CRITICAL'),
    );
    const event = pullRequestEvent(github().addPullRequest(), first, head);
    const options = { workspace: dir, eventName: 'pull_request', payload: event, inputs: inputs() };
    const reachable = await runAction({ ...options, githubUrl: github().url });
    const started = performance.now();
    const unreachable = await runAction({
      ...options,
      githubUrl: `http://127.0.0.1:${await closedPort()}`,
      inProcess: true,
    });
    // Printed, not asserted: the suite does not depend on the machine's speed.
    console.log(
      `pull-request run with GitHub on a closed port: ${Math.round(performance.now() - started)} ms`,
    );
    expect(unreachable.code).toBe(reachable.code);
    expect(unreachable.log).toMatch(/GitHub could not be reached: connection refused/);
    // What differs by design: the notes about what GitHub did not get, the JSON file's path, the timing,
    // and why the apply of the base commit is not known (no Checks run there, or no answer).
    const body = (summary: string) =>
      summary
        .split('\n')
        .filter((line) => !/^>|The whole run as JSON|\d+(\.\d+)? s\b/.test(line))
        .map((line) => line.replace(/(`plan\.outside-edits-unknown`(\]\([^)]*\))? \|).*$/, '$1 …'))
        .join('\n')
        .replace(/\n{3,}/g, '\n\n');
    expect(unreachable.summary).toContain('GitHub could not be reached');
    expect(body(unreachable.summary)).toBe(body(reachable.summary));
  });
});
