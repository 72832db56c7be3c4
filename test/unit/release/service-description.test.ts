import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  descriptionChecksum,
  fetchDescription,
  pinnedChecksum,
  verifyDescription,
  // @ts-expect-error: a script of the project, plain JavaScript without declarations
} from '../../../scripts/service-description.mjs';
import { descriptionPath, SHARED_DESCRIPTION_PATH } from '../../contract/openapi-contract.js';

/** A small description, and the same in other layouts: YAML, compact JSON, keys in another order. */
const description = {
  openapi: '3.0.0',
  info: { version: '1.0.4', title: 'Service' },
  paths: { '/alert-rules': { get: { operationId: 'getAlertRules', responses: { '200': {} } } } },
};
const reordered = {
  paths: description.paths,
  info: { title: 'Service', version: '1.0.4' },
  openapi: '3.0.0',
};
const served = JSON.stringify(description, null, 2);
const pin = descriptionChecksum(served, 'served');
const SCRIPT = fileURLToPath(new URL('../../../scripts/service-description.mjs', import.meta.url));

describe('where the contract test reads the service description', () => {
  it('reads SERVICE_OPENAPI_PATH when set, else the description beside the repository', () => {
    expect(descriptionPath({ SERVICE_OPENAPI_PATH: '/tmp/runner/openapi.json' })).toBe(
      '/tmp/runner/openapi.json',
    );
    expect(descriptionPath({ SERVICE_OPENAPI_PATH: ' ' })).toBe(SHARED_DESCRIPTION_PATH);
    expect(descriptionPath({})).toBe(SHARED_DESCRIPTION_PATH);
    expect(SHARED_DESCRIPTION_PATH.endsWith(join('shared', 'reference', 'service-openapi.yaml'))).toBe(true);
  });
});

describe('the checksum of the service description', () => {
  it('is the same for its YAML and its JSON, however laid out, and another for another description', () => {
    expect(pin).toMatch(/^[0-9a-f]{64}$/);
    for (const text of [stringify(description), JSON.stringify(description), JSON.stringify(reordered)])
      expect(descriptionChecksum(text, 'form')).toBe(pin);
    const changed = { ...description, info: { ...description.info, version: '1.0.5' } };
    expect(descriptionChecksum(JSON.stringify(changed), 'changed')).not.toBe(pin);
  });

  it('refuses what is not a description, naming where it came from', () => {
    expect(() => descriptionChecksum('{"openapi": ', 'https://x/openapi.json')).toThrow(
      /^https:\/\/x\/openapi.json: not YAML or JSON/,
    );
    expect(() => descriptionChecksum('<html>Maintenance</html>', 'page')).toThrow(
      'page: not an OpenAPI description',
    );
  });

  it('is checked against the pin, the error giving both checksums and what to do', () => {
    expect(verifyDescription(stringify(description), 'file.yaml', pin)).toBe(pin);
    const other = JSON.stringify({ ...description, paths: {} });
    expect(() => verifyDescription(other, 'file.json', pin)).toThrow(
      new RegExp(
        `^file.json: the description's checksum is [0-9a-f]{64}, the pinned one ${pin}\\..*service-openapi.sha256`,
      ),
    );
  });

  it('is pinned in test/contract/service-openapi.sha256, the comment lines passed over', () => {
    expect(pinnedChecksum()).toMatch(/^[0-9a-f]{64}$/);
    expect(pinnedChecksum(`# why\n\n${pin}  service-openapi 1.0.4\n`)).toBe(pin);
    expect(() => pinnedChecksum('# nothing pinned\n')).toThrow('no sha256 checksum');
  });
});

describe('fetching the service description', () => {
  let server: Server;
  let base: string;
  const dir = mkdtempSync(join(tmpdir(), 'service-description-'));
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/openapi.json') response.end(served);
      else if (request.url === '/changed/openapi.json')
        response.end(JSON.stringify({ ...description, paths: {} }));
      else response.writeHead(404, 'Not Found').end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the pinned description where asked', async () => {
    const out = join(dir, 'pinned.json');
    expect(await fetchDescription(`${base}/openapi.json`, out, pin)).toBe(pin);
    expect(readFileSync(out, 'utf8')).toBe(served);
  });

  it('writes nothing when the service serves another description, or none', async () => {
    const out = join(dir, 'refused.json');
    await expect(fetchDescription(`${base}/changed/openapi.json`, out, pin)).rejects.toThrow(
      `${base}/changed/openapi.json: the description's checksum is`,
    );
    await expect(fetchDescription(`${base}/missing/openapi.json`, out, pin)).rejects.toThrow(
      `${base}/missing/openapi.json: HTTP 404 Not Found`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('says so when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/openapi.json`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchDescription(url, join(dir, 'none.json'), pin)).rejects.toThrow(`${url}: no answer`);
  });
});

describe('the command', () => {
  it('checks a file against the pin and exits 1, saying why, when it is another', async () => {
    const { spawnSync } = await import('node:child_process');
    const file = join(mkdtempSync(join(tmpdir(), 'service-description-cli-')), 'openapi.json');
    writeFileSync(file, served);
    const run = spawnSync(process.execPath, [SCRIPT, 'check', file], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`service-description: ${file}: the description's checksum is ${pin}`);
    const usage = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain(
      'usage: node scripts/service-description.mjs check FILE | fetch OUT [URL]',
    );
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
});
