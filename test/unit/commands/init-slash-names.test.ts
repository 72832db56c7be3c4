/**
 * `init --from-org` writes its rules with the code `export` uses: a service and a project whose names hold
 * `/` and `:` are written in the schema's mapping form, under the `service` key, and the result validates.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSeedDir, readSeedDirectory, startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox, SandboxSeed } from '../../../src/sandbox/types.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';

const API = 'a1a1a1a1-0000-4000-8000-000000000301';

let dir: string;
let sandbox: Sandbox;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'init-slash-'));
  // The built-in seed, its `shop` project renamed `shop: eu` and its `api` service `api/v2`.
  const parts = (await readSeedDirectory(defaultSeedDir())) as { readonly value: object }[];
  const seed = Object.assign({}, ...parts.map((p) => p.value)) as {
    readonly projects: { name: string; environments: { services: { id: string; name: string }[] }[] }[];
  };
  const shop = seed.projects.find((p) => p.name === 'shop')!;
  shop.name = 'shop: eu';
  shop.environments[0]!.services.find((s) => s.id === API)!.name = 'api/v2';
  sandbox = await startSandbox({ seed: seed as unknown as SandboxSeed, rateLimit: false });
});
afterEach(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('init --from-org with names holding / and :', () => {
  it('writes the mapping form under its key, and the documents validate', async () => {
    const env = { QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token };
    const init = await runCliInProcess(['init', dir, '--from-org', sandbox.organizationId], env);
    expect(init.code).toBe(0);
    expect(readFileSync(join(dir, 'platform/alert-rules/api-p99-latency.yaml'), 'utf8')).toContain(
      'cluster: prod-eu\ntarget:\n  service:\n    project: "shop: eu"\n    environment: production\n    service: api/v2\n',
    );
    const validate = await runCliInProcess(['validate', join(dir, 'platform'), '--root', dir], {});
    expect(validate.stdout).toContain('0 errors, 0 warnings');
    expect(validate.code).toBe(0);
  });
});
