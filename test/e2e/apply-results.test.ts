/**
 * The bundled CLI, run as a user runs it: an apply that creates a receiver, updates a rule to page it,
 * updates another receiver and prunes a third says each of the four writes, in text and in JSON, and
 * counts them alike.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitSync } from '../helpers/git.js';
import { pagingRuleDocument, receiverDocument } from '../helpers/receivers.js';
import { useSandbox } from '../helpers/sandbox.js';
import { runCli } from './bundle.js';

const HOOK = 'https://hooks.slack.example/services/T000/B000/results-5b7e1d';

const sandbox = useSandbox({ rateLimit: false });
let repo = '';
const git = (...args: string[]) => gitSync(repo, ...args);

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

const receiver = receiverDocument;
const rule = (receivers: string) => pagingRuleDocument('load-high', receivers);

const env = () => ({
  QOVERY_API_TOKEN: sandbox().token,
  QOVERY_API_URL: sandbox().url,
  PAGER_WEBHOOK_URL: HOOK,
});

/** The base commit applied, then the commit whose apply writes the four changes; returns the base. */
async function arrange(): Promise<string> {
  write('alerting/old-pager.yaml', receiver('old-pager'));
  write('alerting/keeper.yaml', receiver('keeper'));
  write('alerting/rules.yaml', rule('old-pager'));
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const first = await runCli(['apply', 'alerting', '--root', repo], { env: env() });
  expect(first.code, first.stderr).toBe(0);
  const base = git('rev-parse', 'HEAD').trim();
  unlinkSync(join(repo, 'alerting/old-pager.yaml'));
  write('alerting/keeper.yaml', receiver('keeper', 'send_resolved: false'));
  write('alerting/slack-platform.yaml', receiver('slack-platform'));
  write('alerting/rules.yaml', rule('slack-platform'));
  git('add', '-A');
  git('commit', '-q', '-m', 'page slack-platform');
  return base;
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'apply-results-'));
  git('init', '-q', '-b', 'main');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('apply of receivers beside a rule, by the bundled CLI', () => {
  it('says each write of every kind in text, and counts the four alike', async () => {
    const base = await arrange();
    const run = await runCli(['apply', 'alerting', '--root', repo, '--prune', '--base', base], {
      env: env(),
    });
    expect(run.code, run.stderr).toBe(0);
    const written = run.stdout.split('\n').filter((l) => /^ {2}✓ /.test(l));
    expect(written.map((l) => l.replace(/ \(.*$/, ''))).toEqual([
      '  ✓ updated alert receiver keeper',
      '  ✓ created alert receiver slack-platform',
      '  ✓ updated load-high',
      '  ✓ deleted alert receiver old-pager',
    ]);
    expect(run.stdout).toContain('Apply: 4 succeeded, 0 failed.');
    expect(run.stdout).toMatch(/Done: 4 changes written[ .]/);
    expect(run.stdout + run.stderr).not.toContain(HOOK);
  });

  it('lists every write in the JSON results, each with its kind, and the summary counts them', async () => {
    // Back to the base, then the same four writes again, asked for as JSON.
    git('revert', '--no-edit', 'HEAD');
    const back = await runCli(['apply', 'alerting', '--root', repo, '--prune', '--base', 'HEAD~1'], {
      env: env(),
    });
    expect(back.code, back.stderr).toBe(0);
    git('revert', '--no-edit', 'HEAD');
    const run = await runCli(
      ['apply', 'alerting', '--root', repo, '--prune', '--base', 'HEAD~1', '--format', 'json'],
      { env: env() },
    );
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as {
      results: { kind: string; action: string; name: string; ok: boolean; converged: boolean }[];
      summary: { applied: number; failed: number };
      outcome: { kind: string; line: string };
    };
    expect(json.results.map((r) => [r.kind, r.action, r.name, r.ok, r.converged])).toEqual([
      ['AlertReceiver', 'update', 'keeper', true, true],
      ['AlertReceiver', 'create', 'slack-platform', true, true],
      ['AlertRule', 'update', 'load-high', true, true],
      ['AlertReceiver', 'delete', 'old-pager', true, true],
    ]);
    expect(json.summary).toMatchObject({ applied: 4, failed: 0 });
    expect(json.outcome.line).toMatch(/^Done: 4 changes written[ .]/);
    expect(run.stdout).not.toContain(HOOK);
  });
});
