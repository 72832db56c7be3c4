/**
 * Answers past the old fixed 32 MiB cap: an organization of about 40 000 rules (about 810 bytes each) is
 * read; past this run's bound the refusal names the setting and does not blame the service.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { ANSWER_SIZE_ENV, maxAnswerBytes } from '../../../src/service/answer-size.js';
import { createServiceClient } from '../../../src/service/client.js';
import { ApiError } from '../../../src/service/errors.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const MIB = 1024 * 1024;

function rule(i: number, padding = 0) {
  const id = `a2a2a2a2-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  return {
    id,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-02T00:00:00Z',
    source: 'MANAGED',
    name: `rule-${i}-${'x'.repeat(40)}`,
    state: 'OK',
    organization_id: ACME,
    cluster_id: 'c1a5e7e0-0000-4000-8000-000000000101',
    target: { target_type: 'APPLICATION', target_id: 'a1a1a1a1-0000-4000-8000-000000000301' },
    description: `p99 latency of service number ${i} over five minutes, paging the on-call${' '.repeat(padding)}`,
    tag: 'latency',
    condition: {
      kind: 'CUSTOM',
      promql: `histogram_quantile(0.99, sum by (le) (rate(x_bucket{app="a${i}"}[5m])))`,
      operator: 'ABOVE',
      threshold: 0.5,
      function: 'NONE',
    },
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: true,
    alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
    presentation: {
      summary: 'API p99 latency is above 500 ms',
      runbook_url: 'https://runbooks.acme.example/api/latency',
    },
    is_up_to_date: true,
  };
}

let server: Server | undefined;
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(payload: Buffer): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(apiUrl: string, limit?: number) {
  const created = createServiceClient({
    apiUrl,
    token: 't',
    clock: new FakeClock(),
    ...(limit ? { maxAnswerBytes: limit } : {}),
  });
  clients.push(created);
  return created;
}

describe('large answers', () => {
  // The size of about 40 000 rules of 810 bytes, in 10 000 larger rules: the bytes are the point, and
  // fewer rules keep the test quick.
  it('reads a rule list larger than 32 MiB in one answer', async () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => rule(i, 2_700));
    const payload = Buffer.from(JSON.stringify({ results: rules }));
    expect(payload.length).toBeGreaterThan(32 * MIB);
    expect(await client(await serve(payload)).getAlertRules(ACME)).toHaveLength(10_000);
  });

  it('refuses an answer past the bound with a message that names the setting, not the service', async () => {
    const payload = Buffer.from(
      JSON.stringify({ results: Array.from({ length: 3_000 }, (_, i) => rule(i)) }),
    );
    expect(payload.length).toBeGreaterThan(2 * MIB);
    const error = await client(await serve(payload), MIB)
      .getAlertRules(ACME)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const message = (error as ApiError).message;
    expect(message).toContain(`larger than 1 MiB, this run's bound on one answer`);
    expect(message).toContain(`Raise it with ${ANSWER_SIZE_ENV}`);
    expect(message).not.toMatch(/service may have changed|report this/i);
  });

  it('takes the bound from the environment, and refuses a bad value clearly', () => {
    expect(maxAnswerBytes({})).toBe(256 * MIB);
    expect(maxAnswerBytes({ [ANSWER_SIZE_ENV]: '64' })).toBe(64 * MIB);
    for (const bad of ['0', '1.5', 'lots', '513']) {
      expect(() => maxAnswerBytes({ [ANSWER_SIZE_ENV]: bad })).toThrow(UsageError);
    }
  });
});
