/**
 * The action's `test-receivers`, asked by a manual dispatch, against the sandbox and a fake GitHub: one test
 * message per receiver of the `receivers` input, each outcome in the job summary, a failure failing the
 * step; and never for a pull request. The main step's entry function runs in-process: these runs are about
 * what the step does, not how its process starts.
 */
import { describe, expect, it } from 'vitest';
import { putLiveReceiver } from '../../src/sandbox/index.js';
import { exampleRepository, pullRequestEvent, runAction, useActionWorld } from './action-runner.js';

const { sandbox, inputs, writes } = useActionWorld('alerting');
const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const EMAIL_PLATFORM = '5e1ec7ed-0000-4000-8000-000000000202';

describe('test-receivers through the action', () => {
  it('a dispatch sends one test message per receiver named and shows each in the job summary', async () => {
    const { dir } = await exampleRepository();
    sandbox().resetLog();
    const before = sandbox().testMessages.length;
    const run = await runAction({
      workspace: dir,
      eventName: 'workflow_dispatch',
      payload: { inputs: { command: 'test-receivers' } },
      inputs: { ...inputs(), 'organization-id': ACME, receivers: 'slack-oncall\nemail-platform' },
      inProcess: true,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.command).toBe('test-receivers');
    expect(
      sandbox()
        .testMessages.slice(before)
        .map((m) => m.receiver_id),
    ).toEqual([SLACK_ONCALL, EMAIL_PLATFORM]);
    expect(writes().map((r) => r.operation)).toEqual([
      'validateExistingAlertReceiver',
      'validateExistingAlertReceiver',
    ]);
    expect(run.summary).toContain('### Receiver tests (2 sent, 0 failed)');
    expect(run.summary).toContain('| ✔️ sent | slack-oncall | `SLACK` | test message sent |');
    expect(run.summary).toContain('**Done: 2 test messages sent.**');
    expect(run.summary).toMatch(/`validateExistingAlertReceiver` \| 2 \|/);
  });

  it("a receiver that cannot be reached fails the step, with the service's reason", async () => {
    const { dir } = await exampleRepository();
    putLiveReceiver(sandbox().state, {
      id: '5e1ec7ed-0000-4000-8000-0000000002c0',
      organization_id: ACME,
      name: 'slack-unreachable',
      type: 'SLACK',
      webhook_url: 'https://hooks.gone.invalid/services/x',
    });
    const run = await runAction({
      workspace: dir,
      eventName: 'workflow_dispatch',
      payload: { inputs: { command: 'test-receivers' } },
      inputs: { ...inputs(), 'organization-id': ACME, receivers: 'slack-unreachable, slack-oncall' },
      inProcess: true,
    });
    expect(run.code).toBe(1);
    expect(run.summary).toContain(
      '| ❌ failed | slack-unreachable | `SLACK` | the test message could not be delivered: the Slack webhook cannot be reached |',
    );
    expect(run.summary).toContain('**Failed: 1 of 2 test messages could not be sent, 1 sent.**');
    expect(run.summary).not.toContain('hooks.gone.invalid');
  });

  it('a pull request never sends a test message, even when the command input asks for it', async () => {
    const { dir, first } = await exampleRepository();
    sandbox().resetLog();
    const before = sandbox().testMessages.length;
    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(7, first, first),
      inputs: { ...inputs(), command: 'test-receivers', 'organization-id': ACME, receivers: 'slack-oncall' },
      inProcess: true,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('The command test-receivers is refused on pull_request events');
    expect(sandbox().testMessages.length).toBe(before);
    expect(sandbox().count()).toBe(0);
  });
});
