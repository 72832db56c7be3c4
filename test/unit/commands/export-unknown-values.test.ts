/**
 * A service newer than this tool sends values it does not know (a new severity, a new target type). The
 * client keeps them as received; export must not write them into documents our own schema rejects, and
 * says which rules it left out and why. A node:http server on 127.0.0.1 plays the newer service.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { live } from '../plan/fixtures.js';
import { ACME, testRun } from './run-context.js';

const RULES = [
  live({ id: 'a2a2a2a2-0000-4000-8000-000000000501', name: 'known-values' }),
  { ...live({ id: 'a2a2a2a2-0000-4000-8000-000000000502', name: 'new-severity' }), severity: 'FATAL' },
  {
    ...live({ id: 'a2a2a2a2-0000-4000-8000-000000000503', name: 'new-target' }),
    target: { target_type: 'NAMESPACE', target_id: 'ns-1' },
    condition: { kind: 'ANOMALY', promql: 'up' },
  },
  {
    ...live({ id: 'a2a2a2a2-0000-4000-8000-000000000504', name: 'space-cluster' }),
    target: { target_type: ' CLUSTER', target_id: 'c1a5e7e0-0000-4000-8000-000000000101' },
  },
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
  out = mkdtempSync(join(tmpdir(), 'export-unknown-'));
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('export from a service newer than this tool', () => {
  it('writes only the rules whose values it knows, and names the others with the reason', async () => {
    const { ctx, close } = testRun(
      { url, token: 'qov_export_token' },
      { root: out, paths: ['.'], organizationId: ACME, progress: () => {} },
    );
    try {
      const report = await runExport(ctx, { outDir: 'rules' });
      expect(readdirSync(join(out, 'rules')).sort()).toEqual(['known-values.yaml', 'space-cluster.yaml']);
      expect(report.skipped).toEqual([
        'alert rule "new-severity" (a2a2a2a2-0000-4000-8000-000000000502) not exported: severity "FATAL" is not known to this version, so the document would not validate',
        'alert rule "new-target" (a2a2a2a2-0000-4000-8000-000000000503) not exported: target.target_type "NAMESPACE", condition.kind "ANOMALY" are not known to this version, so the document would not validate',
      ]);
      const notices = report.diagnostics.filter((d) => d.code === 'service.notice').map((d) => d.message);
      expect(notices).toEqual(
        expect.arrayContaining([expect.stringMatching(/unknown alert severity "FATAL"/)]),
      );
    } finally {
      await close();
    }
  });
});
