/**
 * What the secret audits (secrets.test.ts, receiver-secrets.test.ts) check alike: a secret shows nowhere a
 * run lets out. A failure names where it showed, with the line around it (the secret itself is what the
 * test found).
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { FakeGitHub } from '../helpers/fake-github.js';
import { ACME } from '../unit/logs/deployments.js';
import type { ActionRun } from './action-runner.js';

/** The receiver the secret audits add: its webhook URL read from PAGER_WEBHOOK_URL. */
export const PAGER_RECEIVER = [
  'kind: AlertReceiver',
  `organization_id: ${ACME}`,
  'name: pager',
  'type: SLACK',
  'description: Pages the platform on-call',
  'webhook_url: {valueFrom: {env: PAGER_WEBHOOK_URL}}',
  '',
].join('\n');

export function expectNoSecret(where: string, text: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    const at = text.indexOf(secret);
    const line = at < 0 ? '' : text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at) >>> 0);
    expect(line, `${where} shows a secret`).toBe('');
  }
}

/** Everything a main step run let out, file by file; its log is stdout as the runner shows it (no mask commands). */
export async function actionLeaks(run: ActionRun, secrets: readonly string[], what: string): Promise<void> {
  expectNoSecret(`${what}: stdout`, run.log, secrets);
  expectNoSecret(`${what}: stderr`, run.stderr, secrets);
  expectNoSecret(`${what}: summary`, run.summary, secrets);
  expectNoSecret(`${what}: outputs`, JSON.stringify(run.outputs), secrets);
  expectNoSecret(`${what}: state`, JSON.stringify(run.state), secrets);
  const planJson = run.outputs['plan-json'];
  expect(planJson, `${what}: the plan-json output`).toBeTruthy();
  expectNoSecret(`${what}: plan-json file`, await readFile(planJson!, 'utf8'), secrets);
}

/** Every request the fake GitHub received, and there were some. */
export function expectGitHubClean(github: FakeGitHub, secrets: readonly string[]): void {
  expect(github.requests.length).toBeGreaterThan(0);
  for (const request of github.requests) {
    expectNoSecret(`GitHub request ${request.method} ${request.path}`, JSON.stringify(request), secrets);
  }
}
