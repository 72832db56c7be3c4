/**
 * `receivers test [NAME…]` and the action's `test-receivers`: one test message through each receiver
 * asked for (validateExistingAlertReceiver), and the outcome of each. The only run that sends a message:
 * plan, apply and drift never call the validate operations. One getAlertReceivers resolves the names; the
 * tests go one after the other, so that a channel receives them in the order asked.
 */
import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import { runReport } from '../planner/run-report.js';
import { readOrFind } from '../planner/service-findings.js';
import type { TestReceiversReport } from '../run/reports.js';
import type { ReceiverTest, RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { AlertReceiver, ServiceClient } from '../service/types.js';
import { declaredReceiverNames } from './declared-receivers.js';
import { organizationNeeded } from './organization-needed.js';
import { receiversToTest } from './receivers-to-test.js';

export interface TestReceiversOptions {
  /** The receivers to test by name; empty: every receiver the repository declares. */
  readonly names: readonly string[];
  /** The test message's text; the service's own when absent. */
  readonly message?: string;
}

export const NO_RECEIVERS_TO_TEST =
  "'receivers test' needs the names of the receivers to test (receivers test NAME…; in the action, the receivers input), or AlertReceiver documents under the paths";

export async function runTestReceivers(
  ctx: RunContext,
  options: TestReceiversOptions,
): Promise<TestReceiversReport> {
  const started = ctx.clock.now();
  const organizationId = ctx.organizationId;
  if (organizationId === null) throw new UsageError(organizationNeeded('receivers test'));
  const names = options.names.length > 0 ? options.names : await declaredReceiverNames(ctx);
  if (names.length === 0) throw new UsageError(NO_RECEIVERS_TO_TEST);
  const client = ctx.service();
  const live = await readOrFind(
    client.getAlertReceivers(organizationId),
    `The alert receivers of organization ${organizationId} could not be read, so no test message was sent`,
  );
  if (!live.ok) {
    return {
      ...runReport(ctx, { command: 'test-receivers', started, diagnostics: [live.diagnostic], client }),
      receiverTests: [],
    };
  }
  const tests: ReceiverTest[] = [];
  for (const choice of receiversToTest(organizationId, names, live.value)) {
    if (choice.kind === 'unmatched') tests.push(choice.test);
    else tests.push(await testOne(client, organizationId, choice.receiver, options.message));
  }
  const sent = tests.filter((t) => t.ok).length;
  ctx.progress(`sent ${plural(sent, 'test message')}, ${tests.length - sent} failed`);
  return {
    ...runReport(ctx, { command: 'test-receivers', started, diagnostics: [], client }),
    receiverTests: tests,
  };
}

async function testOne(
  client: ServiceClient,
  organizationId: string,
  receiver: AlertReceiver,
  message: string | undefined,
): Promise<ReceiverTest> {
  const base = { organizationId, name: receiver.name, receiverId: receiver.id, type: receiver.type };
  try {
    await client.validateExistingAlertReceiver(receiver.id, message === undefined ? {} : { message });
    return { ...base, ok: true, detail: 'test message sent' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A refusal (400) is the service's word on the channel; anything else needs the whole sentence, with
    // what to do (a test message that may have gone anyway, a token that may not test).
    const refusal = error.status === 400 && error.serviceMessage !== null;
    return { ...base, ok: false, detail: refusal ? error.serviceMessage! : error.message };
  }
}
