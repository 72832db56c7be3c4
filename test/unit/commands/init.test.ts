import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import packageJson from '../../../package.json' with { type: 'json' };
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { newerWorkflowKeys } from '../../../scripts/newer-workflow-syntax.mjs';
import { main } from '../../../src/cli/command-line.js';
import type { CliIo } from '../../../src/cli/output.js';
import { CHECKOUT_PINNED } from '../../../src/commands/init-files.js';
import { REPOSITORY, repositoryOf } from '../../../src/core/published.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox } from '../../../src/sandbox/types.js';
import { gitSync } from '../../helpers/git.js';

interface Lint {
  lintWorkflow(text: string, file: string, inputs: Record<string, unknown> | null): Promise<unknown[]>;
  lintActionMetadata(text: string): { inputs: Record<string, unknown> };
}
const root = join(import.meta.dirname, '..', '..', '..');
const linter = (): Promise<Lint> => import(join(root, 'scripts', 'lint-workflows.mjs') as string);

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    isTty: false,
  };
  const status = await main(argv, io);
  return { status, stdout, stderr };
}

/** Every file under dir, relative, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .filter(
      (e) =>
        !join(e.parentPath, e.name)
          .slice(dir.length + 1)
          .startsWith('.git/'),
    )
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const WRITTEN = [
  '.github/workflows/platform-gitops.yml',
  '.vscode/settings.json',
  'platform/alert-rules/example.yaml',
  'platform/components/example.yaml',
  'platform/receivers/slack-oncall.yaml',
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'init-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('platform-gitops init', () => {
  it('sets up an empty directory whose documents validate and whose workflow both linters find clean', async () => {
    gitSync(dir, 'init', '--quiet', '--initial-branch', 'trunk');
    const init = await cli(['init', dir]);
    expect(init).toMatchObject({ status: 0, stderr: '' });
    expect(tree(dir)).toEqual(WRITTEN);
    expect(init.stdout).toContain('wrote 5 files');
    // The receiver the example rule names is written too, its webhook from the variable export would name,
    // which the workflow passes and the next steps list; the organization is a variable, not a secret.
    expect(readFileSync(join(dir, 'platform/alert-rules/example.yaml'), 'utf8')).toContain(
      '  - slack-oncall\n',
    );
    expect(readFileSync(join(dir, 'platform/receivers/slack-oncall.yaml'), 'utf8')).toContain(
      'name: slack-oncall ',
    );
    expect(readFileSync(join(dir, 'platform/receivers/slack-oncall.yaml'), 'utf8')).toContain(
      'valueFrom: { env: RECEIVER_SLACK_ONCALL_WEBHOOK_URL }',
    );
    expect(readFileSync(join(dir, WRITTEN[0] as string), 'utf8')).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      'RECEIVER_SLACK_ONCALL_WEBHOOK_URL: ${{ secrets.RECEIVER_SLACK_ONCALL_WEBHOOK_URL }}',
    );
    expect(init.stdout).toContain('     - RECEIVER_SLACK_ONCALL_WEBHOOK_URL (the example receiver');
    expect(init.stdout).toContain('the variable (Variables tab) QOVERY_ORGANIZATION_ID');
    expect(init.stdout).toContain('Replace the example names with your clusters, targets and receivers');

    // Validating the rules by name needs the document forms by name in the loader.
    const validate = await cli(['validate', join(dir, 'platform'), '--root', dir]);
    expect(validate.stdout).toContain('0 errors, 0 warnings');
    expect(validate.status).toBe(0);

    const lint = await linter();
    const inputs = lint.lintActionMetadata(readFileSync(join(root, 'action.yml'), 'utf8')).inputs;
    const workflow = readFileSync(join(dir, WRITTEN[0] as string), 'utf8');
    expect(await lint.lintWorkflow(workflow, WRITTEN[0] as string, inputs)).toEqual([]);
    // The workflow schema, as action-validator (a dev dependency) checks it: every dispatch input described.
    // It reads the text with the one key newer than its schema (`queue`) blanked, which is checked apart.
    const newer = newerWorkflowKeys(workflow, WRITTEN[0] as string);
    expect(newer.problems).toEqual([]);
    expect(validateWorkflow(newer.text).errors).toEqual([]);
  });

  it('writes the workflow the README recommends: every trigger, permissions, one write group, full history', () => {
    gitSync(dir, 'init', '--quiet', '--initial-branch', 'main');
    return cli(['init', dir]).then(() => {
      const workflow = readFileSync(join(dir, WRITTEN[0] as string), 'utf8');
      for (const trigger of ['pull_request:', 'push:', 'schedule:', 'workflow_dispatch:']) {
        expect(workflow).toContain(`\n  ${trigger}`);
      }
      for (const permission of ['contents: read', 'pull-requests: write', 'checks: write', 'issues: write']) {
        expect(workflow).toContain(permission);
      }
      expect(workflow).toContain("'platform-gitops-writes'");
      expect(workflow).toContain('cancel-in-progress: false');
      // Runs wait in line (`queue: max`): a push waiting behind an apply is never cancelled by the drift
      // check or a dispatch entering the group after it.
      expect(parse(workflow).concurrency).toEqual({
        group: expect.stringContaining('platform-gitops-writes'),
        'cancel-in-progress': false,
        queue: 'max',
      });
      expect(workflow).toContain('# No run is cancelled, running or waiting');
      // The organization id is a variable, not a secret that masks it in every log line.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      expect(workflow).toContain('organization-id: ${{ vars.QOVERY_ORGANIZATION_ID }}\n');
      expect(workflow).not.toContain('secrets.QOVERY_ORGANIZATION_ID');
      expect(readFileSync(join(root, 'README.md'), 'utf8')).not.toContain('secrets.QOVERY_ORGANIZATION_ID');
      expect(workflow).toContain('fetch-depth: 0');
      expect(workflow).toContain(`uses: ${REPOSITORY}@v1`);
      const settings = JSON.parse(readFileSync(join(dir, '.vscode/settings.json'), 'utf8'));
      expect(settings['yaml.schemas']).toEqual({
        'https://raw.githubusercontent.com/acme/platform-gitops/v1/schemas/platform-gitops.schema.json': [
          'platform/**/*.yaml',
          'platform/**/*.yml',
        ],
      });
    });
  });

  it("is the running-on-GitHub guide's workflow, line for line: what a reader copies is what init writes", async () => {
    gitSync(dir, 'init', '--quiet', '--initial-branch', 'main');
    expect((await cli(['init', dir])).status).toBe(0);
    const written = readFileSync(join(dir, WRITTEN[0] as string), 'utf8');
    expect(readFileSync(join(root, 'docs/guides/github.md'), 'utf8')).toContain(
      `\n\`\`\`yaml\n${written}\`\`\`\n`,
    );
  });

  it("applies pushes to the repository's default branch: origin's HEAD, else the current branch, else main with a notice", async () => {
    const workflowOf = async (target: string) => {
      const init = await cli(['init', target]);
      expect(init.status).toBe(0);
      return { ...init, workflow: readFileSync(join(target, WRITTEN[0] as string), 'utf8') };
    };
    const current = join(dir, 'current');
    await mkdir(current);
    gitSync(current, 'init', '--quiet', '--initial-branch', 'master');
    const onMaster = await workflowOf(current);
    expect(onMaster.workflow).toContain('    branches: [master]\n');
    expect(onMaster.stdout).toContain("merging to 'master' applies it");
    expect(onMaster.stderr).toBe('');

    // A clone whose remote's default branch is not the one checked out.
    const clone = join(dir, 'clone');
    await mkdir(clone);
    gitSync(clone, 'init', '--quiet', '--initial-branch', 'feature');
    gitSync(clone, 'commit', '--quiet', '--allow-empty', '-m', 'first');
    gitSync(clone, 'update-ref', 'refs/remotes/origin/production', 'HEAD');
    gitSync(clone, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/production');
    expect((await workflowOf(clone)).workflow).toContain('    branches: [production]\n');

    // No repository at all (git is told not to look above the directory).
    const ceiling = process.env.GIT_CEILING_DIRECTORIES;
    process.env.GIT_CEILING_DIRECTORIES = dir;
    try {
      const none = await workflowOf(join(dir, 'none'));
      expect(none.workflow).toContain('    branches: [main]\n');
      expect(none.stderr).toBe(
        `platform-gitops: no git branch found for ${join(dir, 'none')}: the workflow applies pushes to 'main'; change 'branches:' in .github/workflows/platform-gitops.yml if the default branch is another\n`,
      );
    } finally {
      if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
      else process.env.GIT_CEILING_DIRECTORIES = ceiling;
    }
  });

  it('grants each job only what it writes, and bounds its time', async () => {
    gitSync(dir, 'init', '--quiet', '--initial-branch', 'main');
    await cli(['init', dir]);
    const workflow = parse(readFileSync(join(dir, WRITTEN[0] as string), 'utf8'));
    expect(workflow.permissions).toEqual({});
    const jobs = workflow.jobs as Record<
      string,
      { permissions: object; 'timeout-minutes': number; if: string }
    >;
    expect(jobs.plan?.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', checks: 'write' });
    expect(jobs.apply?.permissions).toEqual({ contents: 'read', checks: 'write', 'pull-requests': 'read' });
    // The drift job alone writes contents and pull requests: the drift pull request's one branch.
    expect(jobs.drift?.permissions).toEqual({
      contents: 'write',
      checks: 'write',
      issues: 'write',
      'pull-requests': 'write',
    });
    const driftStep = (jobs.drift as unknown as { steps: { with?: Record<string, unknown> }[] }).steps.find(
      (s) => s.with?.command !== undefined,
    );
    expect(driftStep?.with?.['drift-pull-request']).toBe(true);
    for (const name of ['plan', 'apply']) {
      const steps = (jobs[name] as unknown as { steps: { with?: Record<string, unknown> }[] }).steps;
      expect(steps.every((s) => s.with?.['drift-pull-request'] === undefined)).toBe(true);
    }
    for (const job of Object.values(jobs)) expect(job['timeout-minutes']).toBeGreaterThan(0);
    expect(jobs.plan?.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.on.workflow_dispatch.inputs.command.description).toMatch(/\w/);
  });

  it('uses the action by the repository package.json names', () => {
    expect(REPOSITORY).toBe(repositoryOf(packageJson.repository.url));
    expect(repositoryOf('git+https://github.com/octo-org/gitops-tool.git')).toBe('octo-org/gitops-tool');
    expect(repositoryOf('https://github.com/octo-org/gitops-tool')).toBe('octo-org/gitops-tool');
    expect(() => repositoryOf('https://gitlab.com/a/b.git')).toThrow(/not a GitHub repository/);
  });

  it('with --pin-sha pins every action by commit, the tag in a comment, and refuses what is not a commit', async () => {
    gitSync(dir, 'init', '--quiet', '--initial-branch', 'main');
    const sha = '0123456789ABCDEF0123456789abcdef01234567';
    expect((await cli(['init', dir, '--pin-sha', sha])).status).toBe(0);
    const workflow = readFileSync(join(dir, WRITTEN[0] as string), 'utf8');
    const uses = [...workflow.matchAll(/uses: (.*)/g)].map((m) => m[1]);
    expect(new Set(uses)).toEqual(
      new Set([
        `actions/checkout@${CHECKOUT_PINNED.sha} # ${CHECKOUT_PINNED.tag}`,
        `${REPOSITORY}@${sha.toLowerCase()} # v1`,
      ]),
    );
    const lint = await linter();
    expect(await lint.lintWorkflow(workflow, WRITTEN[0] as string, null)).toEqual([]);

    const other = join(dir, 'other');
    const bad = await cli(['init', other, '--pin-sha', 'v1.2.3']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--pin-sha must be a full commit id \(40 hexadecimal digits/);
    expect(existsSync(other)).toBe(false);
  });

  it('writes nothing into a directory where any of its files exists, and names them', async () => {
    await mkdir(join(dir, '.vscode'));
    await writeFile(join(dir, '.vscode/settings.json'), '{"editor.tabSize": 2}\n');
    await mkdir(join(dir, 'platform/alert-rules'), { recursive: true });
    await writeFile(join(dir, 'platform/alert-rules/example.yaml'), 'kind: AlertRule\n');
    const init = await cli(['init', dir]);
    expect(init.status).toBe(1);
    expect(init.stderr).toBe(
      `platform-gitops: init writes nothing over existing files, and these are in the way in ${dir}: platform/alert-rules/example.yaml, .vscode/settings.json. Move them away or choose another directory.\n`,
    );
    expect(tree(dir)).toEqual(['.vscode/settings.json', 'platform/alert-rules/example.yaml']);
    expect(readFileSync(join(dir, '.vscode/settings.json'), 'utf8')).toBe('{"editor.tabSize": 2}\n');
  });

  it('with --dry-run prints every file it would write and writes nothing', async () => {
    const target = join(dir, 'new-repo');
    const init = await cli(['init', target, '--dry-run']);
    expect(init.status).toBe(0);
    for (const path of WRITTEN) expect(init.stdout).toContain(`\n--- ${path}\n`);
    expect(init.stdout).toContain('kind: PlatformComponent');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a second directory and an --from-org that is not an organization id', async () => {
    expect((await cli(['init', dir, 'other'])).stderr).toBe(
      "platform-gitops: 'init' takes one directory, got 2\n",
    );
    const bad = await cli(['init', dir, '--from-org', 'acme'], { QOVERY_API_TOKEN: 't' });
    expect(bad).toMatchObject({ status: 1 });
    expect(bad.stderr).toBe(
      "platform-gitops: --from-org must be a UUID such as 7f1b2c3d-0000-4000-8000-000000000001, not 'acme'\n",
    );
    expect(tree(dir)).toEqual([]);
  });
});

describe('platform-gitops init --from-org', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: false });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("writes the organization's live rules instead of the example, and they validate", async () => {
    const env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
    const init = await cli(['init', dir, '--from-org', sandbox.organizationId], env);
    expect(init.status).toBe(0);
    const rules = tree(dir).filter((f) => f.startsWith('platform/alert-rules/'));
    expect(rules.length).toBeGreaterThan(1);
    expect(rules).not.toContain('platform/alert-rules/example.yaml');
    // By name: the cluster, the service and the receiver a reviewer knows them by.
    expect(readFileSync(join(dir, 'platform/alert-rules/api-p99-latency.yaml'), 'utf8')).toContain(
      'cluster: prod-eu\ntarget:\n  service: shop/production/api\n',
    );
    expect(readFileSync(join(dir, WRITTEN[0] as string), 'utf8')).toContain(
      `organization-id: ${sandbox.organizationId}`,
    );
    expect(init.stderr).toContain('ghost rule');
    expect(init.stdout + init.stderr).not.toContain(sandbox.token);
    // The example component names the organization too, and the next steps name the secret it reads.
    expect(readFileSync(join(dir, 'platform/components/example.yaml'), 'utf8')).toContain(
      `\norganization_id: ${sandbox.organizationId}\n`,
    );
    expect(init.stdout).toContain('GRAFANA_ADMIN_PASSWORD');
    expect(init.stdout).not.toContain('QOVERY_ORGANIZATION_ID');
    // The receivers too, each secret read from a variable the workflow passes and the next steps name.
    expect(tree(dir).filter((f) => f.startsWith('platform/receivers/'))).toEqual([
      'platform/receivers/email-platform.yaml',
      'platform/receivers/slack-low-priority.yaml',
      'platform/receivers/slack-oncall.yaml',
    ]);
    expect(readFileSync(join(dir, 'platform/receivers/slack-oncall.yaml'), 'utf8')).toContain(
      'webhook_url:\n  valueFrom:\n    env: RECEIVER_SLACK_ONCALL_WEBHOOK_URL\n',
    );
    expect(readFileSync(join(dir, WRITTEN[0] as string), 'utf8')).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      '          RECEIVER_SLACK_ONCALL_WEBHOOK_URL: ${{ secrets.RECEIVER_SLACK_ONCALL_WEBHOOK_URL }}\n',
    );
    expect(init.stdout).toContain('- RECEIVER_EMAIL_PLATFORM_AUTH_PASSWORD (an exported receiver');
    // Validating the rules by name needs the document forms by name in the loader.
    const validate = await cli(['validate', join(dir, 'platform'), '--root', dir]);
    expect(validate.status).toBe(0);
  });

  it('writes by id, with a comment, what a list that cannot be read would name, and warns once', async () => {
    sandbox.setFaults({ script: [{ operation: 'listOrganizationCluster', status: 400 }] });
    const env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
    const init = await cli(['init', dir, '--from-org', sandbox.organizationId], env);
    expect(init.status).toBe(0);
    expect(init.stderr.match(/The clusters of organization .* could not be read/g)).toHaveLength(1);
    const rule = readFileSync(join(dir, 'platform/alert-rules/api-p99-latency.yaml'), 'utf8');
    expect(rule).toContain(
      "# By id: the clusters of the organization could not be read (see the export's warning).\ncluster_id: ",
    );
    expect(rule).toContain('target:\n  service: shop/production/api\n');
  });

  it('writes nothing when the service refuses the token', async () => {
    const env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: 'qov_not_a_token' };
    const init = await cli(['init', dir, '--from-org', sandbox.organizationId], env);
    expect(init.status).toBe(1);
    expect(init.stderr).toMatch(/^platform-gitops: .*401/);
    expect(tree(dir)).toEqual([]);
  });
});
