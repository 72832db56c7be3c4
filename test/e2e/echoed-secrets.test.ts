/**
 * A receiver's secret the service quotes back in a refusal, in a form our cleaning changes: with a tab,
 * in a JSON error (decoded, then its white space collapsed), and with `& < > " '`, in a proxy's HTML page
 * (entity-escaped). Neither the secret nor any form of it shows on the command line (text, JSON, `github`)
 * nor in the action's log, job summary, outputs and what GitHub received, through the sandbox over loopback.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedAnswer } from '../../src/sandbox/types.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github.js';
import { useSandbox } from '../helpers/sandbox.js';
import { ACME } from '../unit/logs/deployments.js';
import {
  commitEdit,
  exampleRepository,
  pushEvent,
  removeTemporaryDirectories,
  runAction,
} from './action-runner.js';
import { actionLeaks, expectGitHubClean, expectNoSecret, PAGER_RECEIVER } from './secret-leaks.js';

/** Each canary holds a word found nowhere else: whatever form a leak took, that word would show. */
const TABBED = 'https://hooks.slack.example/services/T0\tB0/tabcanary-5c1e';
const MARKED = `https://hooks.slack.example/x?a=1&b=<2>"q"'s'-markcanary-77ad`;

function entities(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The secret, its collapsed and escaped forms, and the canary word alone. */
function forms(secret: string): string[] {
  const collapsed = secret.replace(/\s+/g, ' ');
  const word = /[a-z]+canary-[0-9a-f]+/.exec(secret)![0];
  return [secret, collapsed, entities(secret), JSON.stringify(secret).slice(1, -1), word];
}

const FAULTS: readonly [string, string, ScriptedAnswer][] = [
  [
    'a JSON error quoting it with a tab',
    TABBED,
    {
      operation: 'createAlertReceiver',
      status: 400,
      body: { status: 400, message: `webhook_url ${TABBED} is not a Slack webhook` },
    },
  ],
  [
    'an HTML page quoting it with entities',
    MARKED,
    {
      operation: 'createAlertReceiver',
      status: 502,
      text: `<!DOCTYPE html><html><head><title>502 upstream refused ${entities(MARKED)}</title></head><body>${entities(MARKED)}</body></html>`,
    },
  ],
];

const RECEIVER = PAGER_RECEIVER;

const sandbox = useSandbox({ rateLimit: false });
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github?.close();
  await removeTemporaryDirectories();
});

async function repositoryWithReceiver(): Promise<{ dir: string; first: string; head: string }> {
  const { dir, first } = await exampleRepository();
  await writeFile(join(dir, 'alerting/receivers.yaml'), '');
  const head = await commitEdit(dir, 'alerting/receivers.yaml', () => RECEIVER);
  return { dir, first, head };
}

describe('a secret the service echoes in a changed form never shows', () => {
  let repo = { dir: '', first: '', head: '' };
  beforeAll(async () => {
    repo = await repositoryWithReceiver();
  });

  for (const [what, secret, fault] of FAULTS) {
    it.for(['text', 'json', 'github'] as const)(`apply --format %s, ${what}`, async (format) => {
      sandbox().setFaults({ script: [fault] });
      const run = await runCliInProcess(
        ['apply', 'alerting', '--root', repo.dir, '--org', ACME, '--format', format],
        { QOVERY_API_TOKEN: sandbox().token, QOVERY_API_URL: sandbox().url, PAGER_WEBHOOK_URL: secret },
      );
      sandbox().setFaults({});
      expect(run.code).toBe(1);
      // The refusal is reported, its words with the secret replaced.
      expect(`${run.stdout}${run.stderr}`).toMatch(/\*\*\*/);
      expectNoSecret(`apply ${format}: stdout`, run.stdout, forms(secret));
      expectNoSecret(`apply ${format}: stderr`, run.stderr, forms(secret));
    });

    it(`the action's apply on a push, ${what}: log, job summary, outputs, GitHub`, async () => {
      sandbox().setFaults({ script: [fault] });
      const push = await runAction({
        workspace: repo.dir,
        eventName: 'push',
        payload: pushEvent(repo.first, repo.head),
        inputs: {
          'api-url': sandbox().url,
          'api-token': sandbox().token,
          'github-token': github.token,
          paths: 'alerting',
        },
        githubUrl: github.url,
        env: { PAGER_WEBHOOK_URL: secret, GRAFANA_ADMIN_PASSWORD: 'Gr4fana-prod-eu-7c1d9e' },
        sha: repo.head,
        inProcess: true,
      });
      sandbox().setFaults({});
      expect(push.outputs.command).toBe('apply');
      expect(push.code).toBe(1);
      expect(push.summary).toMatch(/\\\*\\\*\\\*|\*\*\*/);
      await actionLeaks(push, forms(secret), `push, ${what}`);
      expectGitHubClean(github, forms(secret));
    });
  }
});
