/**
 * A token that cannot be sent (a line break copied with it, a control character, a no-break space) is
 * refused before any request, in the words of where it came from, naming what is wrong and where, never
 * showing the value. Sent as it was, it failed inside the HTTP client as "could not reach the service
 * (UND_ERR_INVALID_ARG)", which names neither the token nor its source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeOptions } from '../../../src/action/main-step.js';
import { Redactor } from '../../../src/core/redact.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { createRuntime } from '../../../src/runtime/runtime.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox } from '../../../src/sandbox/types.js';
import { createServiceClient } from '../../../src/service/client.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { testDecision, testInputs, testRunner } from '../action/main-step-factory.js';

const EXAMPLE = new URL('../../../fixtures/example', import.meta.url).pathname;

const BAD_TOKENS: readonly [string, (token: string) => string, RegExp][] = [
  [
    'a line break',
    (t) => `${t.slice(0, 8)}\n${t.slice(8)}`,
    /holds a line break \(U\+000A\) at character 9 of/,
  ],
  ['a carriage return', (t) => `${t}\r\nx`, /holds a line break \(U\+000D\)/],
  [
    'a control character',
    (t) => `${t.slice(0, 4)}\u0000${t.slice(4)}`,
    /holds a control character \(U\+0000\) at character 5/,
  ],
  [
    'a no-break space',
    (t) => `${t.slice(0, 4)}\u00a0${t.slice(4)}`,
    /holds a character outside ASCII \(U\+00A0\)/,
  ],
  [
    'far more than a token (a file pasted with it)',
    (t) => `${t}\n${'x'.repeat(100_000)}`,
    /is 100023 characters long, longer than any token \(at most 8192\), which a server refuses in an HTTP header \(HTTP 431\)/,
  ],
];

describe('a token that cannot be sent', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each(BAD_TOKENS)(
    'with %s: the command line names QOVERY_API_TOKEN and sends nothing',
    async (_what, spoil, problem) => {
      const token = spoil(sandbox.token);
      sandbox.resetLog();
      const run = await runCliInProcess(['plan', EXAMPLE, '--org', sandbox.organizationId], {
        QOVERY_API_URL: sandbox.url,
        QOVERY_API_TOKEN: token,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^platform-gitops: QOVERY_API_TOKEN ${problem.source}`));
      expect(run.stderr).toContain('Copy the token again without it (the value is not shown).');
      expect(run.stderr).not.toContain('UND_ERR_INVALID_ARG');
      expect(run.stdout + run.stderr).not.toContain(sandbox.token);
      expect(sandbox.requests).toEqual([]);
    },
  );

  it('the action names the api-token input', async () => {
    const inputs = { ...testInputs(), apiToken: `${sandbox.token}\nsecond line` };
    const options = runtimeOptions(inputs, testRunner(), testDecision(), new Redactor(), () => {});
    const runtime = await createRuntime(options);
    try {
      expect(() => runtime.context.service()).toThrow(UsageError);
      expect(() => runtime.context.service()).toThrow(
        /^The api-token input holds a line break \(U\+000A\) at character \d+ of \d+, which cannot be sent in an HTTP header/,
      );
    } finally {
      await runtime.close();
    }
  });

  it('any other caller of the client is refused too, before a request', () => {
    expect(() => createServiceClient({ apiUrl: sandbox.url, token: `é${sandbox.token}` })).toThrow(
      /^The API token \(QOVERY_API_TOKEN, or the api-token input\) holds a character outside ASCII \(U\+00E9\) at character 1/,
    );
  });
});
