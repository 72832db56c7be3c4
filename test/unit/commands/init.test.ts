import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../../../src/cli/main.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox } from '../../../src/sandbox/types.js';

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
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const WRITTEN = [
  '.github/workflows/platform-gitops.yml',
  '.vscode/settings.json',
  'platform/alert-rules/example.yaml',
  'platform/components/example.yaml',
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'init-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('platform-gitops init', () => {
  it('sets up an empty directory whose documents validate and whose workflow the linter finds clean', async () => {
    const init = await cli(['init', dir]);
    expect(init).toMatchObject({ status: 0, stderr: '' });
    expect(tree(dir)).toEqual(WRITTEN);
    expect(init.stdout).toContain('wrote 4 files');

    const validate = await cli(['validate', join(dir, 'platform'), '--root', dir]);
    expect(validate.stdout).toContain('0 errors, 0 warnings');
    expect(validate.status).toBe(0);

    const lint = await linter();
    const inputs = lint.lintActionMetadata(readFileSync(join(root, 'action.yml'), 'utf8')).inputs;
    const workflow = readFileSync(join(dir, WRITTEN[0] as string), 'utf8');
    expect(await lint.lintWorkflow(workflow, WRITTEN[0] as string, inputs)).toEqual([]);
  });

  it('writes the workflow the README recommends: every trigger, permissions, one write group, full history', () => {
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
      expect(workflow).toContain('fetch-depth: 0');
      expect(workflow).toContain('uses: acme/platform-gitops@v1');
      const settings = JSON.parse(readFileSync(join(dir, '.vscode/settings.json'), 'utf8'));
      expect(settings['yaml.schemas']).toEqual({
        'https://raw.githubusercontent.com/acme/platform-gitops/v1/schemas/platform-gitops.schema.json': [
          'platform/**/*.yaml',
          'platform/**/*.yml',
        ],
      });
    });
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
    expect(readFileSync(join(dir, WRITTEN[0] as string), 'utf8')).toContain(
      `organization-id: ${sandbox.organizationId}`,
    );
    expect(init.stderr).toContain('ghost rule');
    expect(init.stdout + init.stderr).not.toContain(sandbox.token);
    const validate = await cli(['validate', join(dir, 'platform'), '--root', dir]);
    expect(validate.status).toBe(0);
  });

  it('writes nothing when the service refuses the token', async () => {
    const env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: 'qov_not_a_token' };
    const init = await cli(['init', dir, '--from-org', sandbox.organizationId], env);
    expect(init.status).toBe(1);
    expect(init.stderr).toMatch(/^platform-gitops: .*401/);
    expect(tree(dir)).toEqual([]);
  });
});
