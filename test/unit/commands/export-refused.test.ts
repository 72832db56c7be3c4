/**
 * `export` never writes a document that `validate` refuses: each such rule is named with validate's own
 * reasons and left out; the others are written. A node:http server on 127.0.0.1 plays the service.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { runValidate } from '../../../src/commands/validate.js';
import { live } from '../plan/fixtures.js';
import { ACME, testRun } from './run-context.js';

const id = (n: number) => `a2a2a2a2-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`;
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';
const RULES = [
  live({ id: id(1), name: 'fine' }),
  live({ id: id(2), name: 'twin' }),
  live({ id: id(3), name: 'twin' }),
  { ...live({ id: id(4), name: 'fractional' }), for_duration: 'PT0.5S' },
  { ...live({ id: id(5), name: 'no-receivers' }), alert_receiver_ids: [] },
  { ...live({ id: id(6), name: 'repeated-receivers' }), alert_receiver_ids: [RECEIVER, RECEIVER] },
];

let server: Server;
let url: string;
let out: string;
beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: RULES })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  out = mkdtempSync(join(tmpdir(), 'export-refused-'));
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('export leaves out what validate would refuse', () => {
  it('names each refused rule with the reason, writes the rest, and validate accepts what was written', async () => {
    const { ctx, close } = testRun(
      { url, token: 'qov_export_token' },
      { root: out, paths: ['.'], organizationId: ACME, progress: () => {} },
    );
    try {
      const report = await runExport(ctx, { outDir: 'rules' });
      expect(readdirSync(join(out, 'rules'))).toEqual(['fine.yaml']);
      const refused = report.skipped.filter((s) => s.includes('validate would refuse'));
      expect(refused.map((s) => s.slice(0, s.indexOf(' not exported')))).toEqual([
        `alert rule "fractional" (${id(4)})`,
        `alert rule "no-receivers" (${id(5)})`,
        `alert rule "repeated-receivers" (${id(6)})`,
        `alert rule "twin" (${id(2)})`,
        `alert rule "twin" (${id(3)})`,
      ]);
      expect(refused[0]).toContain('for_duration');
      expect(refused[3]).toContain('document.duplicate-name');
    } finally {
      await close();
    }
    const check = testRun(
      { url, token: 'qov_export_token' },
      { root: out, paths: ['rules'], progress: () => {} },
    );
    try {
      const validated = await runValidate(check.ctx);
      expect(validated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
