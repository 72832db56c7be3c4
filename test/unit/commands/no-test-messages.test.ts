/**
 * Test messages only when asked: plan, apply and drift (with remediation) of the example
 * repository, in process against the sandbox, never call the validate operations, and the sandbox
 * records no message sent.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../../src/sandbox/index.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { inRepository } from '../../helpers/repository.js';
import { useSandbox } from '../../helpers/sandbox.js';

const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';

const sandbox = useSandbox({ rateLimit: false });
const root = mkdtempSync(join(tmpdir(), 'no-test-messages-'));
cpSync(inRepository('fixtures', 'example'), root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('no command but receivers test sends a test message', () => {
  it('plan, apply, drift and drift --remediate call no validate operation', async () => {
    const env = {
      QOVERY_API_URL: sandbox().url,
      QOVERY_API_TOKEN: sandbox().token,
      QOVERY_ORGANIZATION_ID: sandbox().organizationId,
      GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e',
    };
    const codes: number[] = [];
    for (const args of [['plan'], ['apply'], ['drift']]) {
      codes.push((await runCliInProcess([...args, '--root', root], env)).code);
    }
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'LOW' });
    codes.push((await runCliInProcess(['drift', '--remediate', '--root', root], env)).code);
    expect(codes).toEqual([0, 0, 0, 0]);
    // The runs did talk to the service, and wrote: the absence below is not an idle run's.
    expect(sandbox().count('getAlertRules')).toBeGreaterThanOrEqual(4);
    expect(sandbox().requests.some((r) => r.method !== 'GET')).toBe(true);
    expect(sandbox().count('validateExistingAlertReceiver')).toBe(0);
    expect(sandbox().count('validateNewAlertReceiver')).toBe(0);
    expect(sandbox().testMessages).toEqual([]);
  });
});
