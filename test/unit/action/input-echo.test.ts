/**
 * A secret in the wrong input: any input can receive a pasted token, and an error about that input must
 * name the input and what it expects without quoting the value. A value that looks like a token is also
 * registered as a secret, so that no later line shows it either. And the tokens themselves, however long
 * or odd, never make the step fail without its error, nor show anywhere but in the runner's masks.
 */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../../src/action/inputs.js';
import { run } from '../../../src/action/run-main.js';
import { encodedForms } from '../../../src/core/redact.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { runStepInProcess } from '../../helpers/action-step-in-process.js';

const TOKEN = 'qov_t0k3n_0f_th3_s3rv1c3_a1b2c3d4';
const GITHUB_TOKEN = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

const env = (inputs: Record<string, string>) =>
  Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]));

/** The UsageError readInputs throws for `inputs`, and what it registered as secret. */
function refusal(inputs: Record<string, string>): { message: string; registered: string[] } {
  const registered: string[] = [];
  try {
    readInputs(env(inputs), (secret) => registered.push(secret));
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return { message: (error as Error).message, registered };
  }
  throw new Error('the inputs were accepted');
}

describe('an input holding a secret', () => {
  it.each([
    ['organization-id', { 'organization-id': TOKEN }, TOKEN],
    [
      'organization-id, the api-token again',
      { 'api-token': 'a-token-of-no-known-shape', 'organization-id': 'a-token-of-no-known-shape' },
      'a-token-of-no-known-shape',
    ],
    ['fail-on, a GitHub token', { 'fail-on': GITHUB_TOKEN }, GITHUB_TOKEN],
    ['concurrency, a bearer credential', { concurrency: 'Bearer abcdefgh12345678' }, 'abcdefgh12345678'],
    ['cluster-id, among ids', { 'cluster-id': `c1a5e7e0-0000-4000-8000-000000000101,${TOKEN}` }, TOKEN],
    [
      'drift-label, a long random key',
      { 'drift-label': 'Zx9vQ2mW7rT4kP8nB3cL6hJ1dF5gS0aYZx9vQ2mW7rT4kP8nB3cL6hJ1dF5gS0aY' },
      'Zx9vQ2mW7rT4kP8nB3cL6hJ1dF5gS0aYZx9vQ2mW7rT4kP8nB3cL6hJ1dF5gS0aY',
    ],
    ['api-url, with the token in it', { 'api-url': `https://api.example.com/${TOKEN}` }, TOKEN],
    ['paths, with the token in it', { paths: `../${TOKEN}` }, TOKEN],
  ])('%s: named and refused, never quoted', (_case, inputs, secret) => {
    const { message, registered } = refusal(inputs);
    const name = Object.keys(inputs).find((n) => n !== 'api-token')!;
    expect(message).toContain(`Invalid input ${name}`);
    expect(message).toMatch(/Expected/);
    expect(message).toContain('not shown');
    expect(message).not.toContain(secret);
    // Hidden by the runner too, from here on.
    expect(registered.some((r) => r.includes(secret))).toBe(true);
  });

  it('ordinary values of every input are no secret: nothing but the tokens is registered', () => {
    const registered: string[] = [];
    readInputs(
      env({
        'api-token': TOKEN,
        'github-token': GITHUB_TOKEN,
        'organization-id': '7F1B2C3D-0000-4000-8000-000000000001',
        'cluster-id': 'c1a5e7e0-0000-4000-8000-000000000101\nc1a5e7e0-0000-4000-8000-000000000102',
        paths: 'components/prod-eu-west-2/observability-stack-2026\nalerting/Team_Payments_2026_Q3/rules',
        ignore: '**/drafts_2026_v2_experimental_rules_backup/**',
        'drift-label': 'platform-gitops-drift-prod-eu-west-2',
        'api-url': 'https://api.qovery.com',
        concurrency: '8',
      }),
      (secret) => registered.push(secret),
    );
    expect(registered).toEqual([TOKEN, GITHUB_TOKEN]);
  });

  it('an ordinary mistake is still quoted, so that it can be found', () => {
    expect(refusal({ 'fail-on': 'eror' }).message).toBe(
      "Invalid input fail-on 'eror'. Expected one of: error, warning.",
    );
    expect(refusal({ 'organization-id': '7f1b2c3d-0000-4000' }).message).toContain("'7f1b2c3d-0000-4000'");
    expect(refusal({ 'fail-on': 'eror' }).registered).toEqual([]);
    // A long value that is no secret is cut, and says how long it was.
    const long = `${'alerting/'.repeat(20)}../x`;
    expect(refusal({ paths: long }).message).toContain(
      `'${long.slice(0, 100)}…' (${long.length} characters)`,
    );
  });
});

describe('the step with a secret in the wrong input, or an odd token', () => {
  /** What the runner's log shows: its own mask commands are read, never shown. */
  const shown = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');

  it('organization-id holding the token: one error naming the input, the token nowhere', async () => {
    const step = await runStepInProcess(() => run(), env({ 'api-token': TOKEN, 'organization-id': TOKEN }));
    expect(step.code).toBe(1);
    expect(step.stdout).toMatch(
      /^::error::Invalid input organization-id \(a value of \d+ characters, not shown/m,
    );
    expect(shown(step.stdout)).not.toContain(TOKEN);
    expect(step.stderr).not.toContain(TOKEN);
  });

  it.each([
    ['100 KB long', `qov_${'k9'.repeat(50_000)}`],
    ['with regex metacharacters', `qov_${'(.*)+?[x]{2}|^$\\'.repeat(3000)}`],
    ['in other scripts', `qov_пароль_密码_🔑_${'ab'.repeat(20)}`],
  ])('an api-token %s fails the step with its error, and shows in no form', async (_what, token) => {
    const step = await runStepInProcess(
      () => run(),
      // No event: the step is refused after the token was registered, and its error passes the redactor.
      env({ 'api-token': token, 'organization-id': '7f1b2c3d-0000-4000-8000-000000000001' }),
    );
    expect(step.code).toBe(1);
    expect(step.stdout).toMatch(/^::error::/m);
    for (const form of [token, ...encodedForms(token)]) {
      expect(shown(step.stdout).includes(form)).toBe(false);
      expect(step.stderr.includes(form)).toBe(false);
    }
  });
});
