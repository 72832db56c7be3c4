/**
 * `platform-gitops receivers test [NAME…]` in process, against the sandbox over HTTP: one test message per
 * receiver named, each outcome shown, a failure in the exit status, and the requests counted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { putLiveReceiver } from '../../../src/sandbox/index.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const EMAIL_PLATFORM = '5e1ec7ed-0000-4000-8000-000000000202';
const BROKEN = '5e1ec7ed-0000-4000-8000-0000000002b0';
const BROKEN_HOOK = 'https://hooks.broken.invalid/services/sEcReT-hook';

const sandbox = useSandbox({ rateLimit: false });
const root = mkdtempSync(join(tmpdir(), 'receivers-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => sandbox().resetLog());

function env(): Record<string, string> {
  return { QOVERY_API_URL: sandbox().url, QOVERY_API_TOKEN: sandbox().token };
}

function receiversTest(...args: string[]) {
  return runCliInProcess(['receivers', 'test', ...args, '--org', ACME, '--root', root], env());
}

describe('receivers test', () => {
  it('sends one test message per receiver named and shows each outcome; exit 0 when all were sent', async () => {
    const before = sandbox().testMessages.length;
    const run = await receiversTest('slack-oncall', 'EMAIL-platform');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Receiver tests (2 sent, 0 failed):');
    expect(run.stdout).toContain('✔ sent    slack-oncall (SLACK): test message sent');
    expect(run.stdout).toContain('✔ sent    email-platform (EMAIL): test message sent');
    expect(run.stdout).toContain(
      '3 requests to the service (getAlertReceivers 1, validateExistingAlertReceiver 2)',
    );
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Done: 2 test messages sent.');
    expect(
      sandbox()
        .testMessages.slice(before)
        .map((m) => m.receiver_id),
    ).toEqual([SLACK_ONCALL, EMAIL_PLATFORM]);
    expect(sandbox().count('validateExistingAlertReceiver')).toBe(2);
  });

  it("shows the service's reason for a receiver that failed, an unknown name, and exits 1", async () => {
    putLiveReceiver(sandbox().state, {
      id: BROKEN,
      organization_id: ACME,
      name: 'slack-broken',
      type: 'SLACK',
      webhook_url: BROKEN_HOOK,
    });
    const run = await receiversTest('slack-broken', 'slack-oncal', 'slack-oncall', '--message', 'a drill');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '✘ failed  slack-broken (SLACK): the test message could not be delivered: the Slack webhook cannot be reached',
    );
    expect(run.stdout).toContain(
      `✘ failed  slack-oncal: no receiver of organization ${ACME} has this name (did you mean "slack-oncall"?); nothing was sent`,
    );
    expect(run.stdout).toContain('✔ sent    slack-oncall (SLACK)');
    expect(run.stdout).not.toContain(BROKEN_HOOK);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Failed: 2 of 3 test messages could not be sent, 1 sent.',
    );
    expect(sandbox().testMessages.at(-1)).toMatchObject({ receiver_id: SLACK_ONCALL, message: 'a drill' });
    // The unknown name cost no request: one list, two tests.
    expect(sandbox().count()).toBe(3);
  });

  it('reports per receiver in the JSON output, with the requests counted', async () => {
    const run = await receiversTest('slack-oncall', '--format', 'json');
    const json = JSON.parse(run.stdout);
    expect(json.command).toBe('test-receivers');
    expect(json.exitCode).toBe(0);
    expect(json.receiverTests).toEqual([
      {
        organizationId: ACME,
        name: 'slack-oncall',
        receiverId: SLACK_ONCALL,
        type: 'SLACK',
        ok: true,
        detail: 'test message sent',
      },
    ]);
    expect(json.requests.byOperation).toEqual({ getAlertReceivers: 1, validateExistingAlertReceiver: 1 });
  });

  it('needs the action first, an organization, and names when no receiver document declares them', async () => {
    const noAction = await runCliInProcess(['receivers', 'slack-oncall'], env());
    expect(noAction.code).toBe(1);
    expect(noAction.stderr).toContain(
      "'receivers' takes the action to run first: receivers test [NAME…] (got 'slack-oncall')",
    );
    const noOrg = await runCliInProcess(['receivers', 'test', 'slack-oncall', '--root', root], env());
    expect(noOrg.stderr).toContain("'receivers test' needs an organization");
    const noNames = await runCliInProcess(['receivers', 'test', '--org', ACME, '--root', root], env());
    expect(noNames.stderr).toContain("'receivers test' needs the names of the receivers to test");
    expect(sandbox().count()).toBe(0);
  });

  it('tests every receiver the repository declares when no name is given', async () => {
    const repository = mkdtempSync(join(tmpdir(), 'receivers-declared-'));
    try {
      mkdirSync(join(repository, 'alerting'));
      writeFileSync(
        join(repository, 'alerting/receivers.yaml'),
        'kind: AlertReceiver\nname: slack-oncall\ntype: SLACK\nwebhook_url:\n  valueFrom:\n    env: ONCALL_HOOK\n',
      );
      const before = sandbox().testMessages.length;
      const run = await runCliInProcess(['receivers', 'test', '--org', ACME, '--root', repository], env());
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('✔ sent    slack-oncall (SLACK): test message sent');
      expect(
        sandbox()
          .testMessages.slice(before)
          .map((m) => m.receiver_id),
      ).toEqual([SLACK_ONCALL]);
    } finally {
      rmSync(repository, { recursive: true, force: true });
    }
  });

  it('fails without sending anything when the receivers cannot be read', async () => {
    const before = sandbox().testMessages.length;
    sandbox().setFaults({ script: [{ operation: 'getAlertReceivers', status: 403 }] });
    try {
      const run = await receiversTest('slack-oncall');
      expect(run.code).toBe(1);
      // A 403 to the organization's receivers: the organization refuses the token, said about it.
      expect(run.stdout).toContain('cannot be read with this token (HTTP 403)');
      expect(sandbox().testMessages.length).toBe(before);
    } finally {
      sandbox().setFaults({});
    }
  });
});
