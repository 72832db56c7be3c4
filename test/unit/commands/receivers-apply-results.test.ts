/**
 * An apply that writes receivers beside rules reports every write alike, over real HTTP against the
 * sandbox: one result per write of each kind in the terminal, the JSON, the job summary and the Checks
 * title, with counts that agree; and a receiver write the service answers with other fields than those
 * sent fails, as a rule's stored differently is named.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { changesOfKind } from '../../../src/model/types.js';
import { formatApplyResultsText } from '../../../src/report/apply-text.js';
import { toJsonOutput } from '../../../src/report/json-output.js';
import { countRun, headline, runOutcome } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { pagingRuleDocument, receiverDocument } from '../../helpers/receivers.js';
import { type TestRun, testRun } from './run-context.js';

const HOOK = 'https://hooks.slack.example/services/T000/B000/canary-4f2a9c';

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

const receiver = receiverDocument;
const rule = pagingRuleDocument;

function run(over: Parameters<typeof testRun>[1] = {}): TestRun {
  const r = testRun(sandbox, { root: repo, paths: ['.'], env: { PAGER_WEBHOOK_URL: HOOK }, ...over });
  runs.push(r);
  return r;
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'receiver-results-'));
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('an apply of a new receiver, a rule paging it, an updated receiver and a pruned one', () => {
  it('reports the four writes, of both kinds, in every face, with counts that agree', async () => {
    const git = (...args: string[]) => gitSync(repo, ...args);
    git('init', '-q', '-b', 'main');
    write('alerting/old-pager.yaml', receiver('old-pager'));
    write('alerting/keeper.yaml', receiver('keeper'));
    write('alerting/rules.yaml', rule('load-high', 'old-pager'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    await runApply(run().ctx);

    unlinkSync(join(repo, 'alerting/old-pager.yaml'));
    write('alerting/keeper.yaml', receiver('keeper', 'send_resolved: false'));
    write('alerting/new-pager.yaml', receiver('new-pager'));
    write('alerting/rules.yaml', rule('load-high', 'new-pager'));
    git('add', '-A');
    git('commit', '-q', '-m', 'page new-pager');
    const reader = createGitReader(repo);
    const report = await runApply(run({ prune: true, git: reader, base: await reader.parentOf('HEAD') }).ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    // Terminal: one line per write, in the order they were written, and one count of them all.
    const text = formatApplyResultsText(report.results, { color: false });
    const lines = text.split('\n').filter((l) => /^ {2}[✓✗]/.test(l));
    expect(lines.map((l) => l.replace(/ \(.*$/, ''))).toEqual([
      '  ✓ updated alert receiver keeper',
      '  ✓ created alert receiver new-pager',
      '  ✓ updated load-high',
      '  ✓ deleted alert receiver old-pager',
    ]);
    expect(text).toContain('Apply: 4 succeeded, 0 failed.');
    expect(runOutcome(report).line).toMatch(/^Done: 4 changes written[ .]/);

    // JSON: `results` holds every write, each with its kind; the summary counts the same four.
    const json = toJsonOutput(report, {});
    expect(
      (json.results as { kind: string; action: string; name: string; ok: boolean }[]).map((r) => [
        r.kind,
        r.action,
        r.name,
        r.ok,
      ]),
    ).toEqual([
      ['AlertReceiver', 'update', 'keeper', true],
      ['AlertReceiver', 'create', 'new-pager', true],
      ['AlertRule', 'update', 'load-high', true],
      ['AlertReceiver', 'delete', 'old-pager', true],
    ]);
    expect(json.summary).toMatchObject({ applied: 4, failed: 0 });
    expect(json.outcome).toEqual(runOutcome(report));
    expect(runOutcome(report).kind).toBe('done');

    // The Checks run's title and the job summary (which the Checks run's details repeat).
    const counts = countRun(report);
    // (The sandbox's seed brings a warning of its own, about a rule this repository does not hold.)
    expect(headline(report, counts)).toMatch(/^apply: (1 warning, )?4 applied$/);
    const summary = renderSummary(report, counts);
    for (const row of [
      'alert receiver keeper',
      'alert receiver new-pager',
      'load-high',
      'alert receiver old-pager',
    ]) {
      expect(summary).toMatch(new RegExp(`\\| ✔️ done \\| [^|]+ \\| ${row} \\|`));
    }
  });
});

describe('a receiver write the service answers with other fields than those sent', () => {
  const stored = {
    id: '5e1ec7ed-0000-4000-8000-0000000009a1',
    created_at: '2026-05-04T09:00:00Z',
    name: 'pager',
    description: 'Someone else',
    type: 'SLACK',
    send_resolved: false,
    owner: null,
    severity: null,
  };

  it('fails that write, naming the fields, holds the rule paging it, and exits non-zero: never converged', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    write('alerting/rules.yaml', rule('load-high', 'pager'));
    sandbox.setFaults({ script: [{ operation: 'createAlertReceiver', status: 201, body: stored }] });
    const report = await runApply(run().ctx);
    // The rule would page a receiver unlike the one reviewed: it is not written.
    expect(sandbox.requests.filter((r) => r.method !== 'GET').map((r) => r.operation)).toEqual([
      'createAlertReceiver',
    ]);
    expect(changesOfKind(report.plan!.changes, 'AlertRule')[0]!).toMatchObject({
      gate: { admitted: false, reason: 'a receiver it names was not created' },
    });

    const [result] = report.results;
    expect(result).toMatchObject({ ok: false, status: 201, converged: false, id: stored.id });
    expect(result!.storedDifferently).toEqual([
      { path: 'description', before: 'Pages the platform on-call', after: 'Someone else' },
      { path: 'send_resolved', before: true, after: false },
    ]);
    expect(exitCodeFor(report)).toBe(1);
    expect(runOutcome(report)).toMatchObject({ kind: 'failed' });
    const text = formatApplyResultsText(report.results, { color: false });
    expect(text).toContain(`✗ create alert receiver pager (${stored.id}) stored differently (HTTP 201)`);
    expect(text).toContain(
      'The service stored it differently from what was sent: description (sent "Pages the platform on-call", stored "Someone else"), send_resolved (sent true, stored false)',
    );
    expect(text).toContain('Apply: 0 succeeded, 1 failed.');
    // The secret is never compared, nor shown: the service does not return it.
    expect(JSON.stringify(toJsonOutput(report, {}))).not.toContain(HOOK);
  });

  it('fails an update answered differently alike', async () => {
    write('alerting/receivers.yaml', receiver('pager'));
    const first = await runApply(run().ctx);
    const id = first.results[0]!.id!;
    expect(first.results[0]).toMatchObject({ ok: true, converged: true });

    write('alerting/receivers.yaml', receiver('pager', 'send_resolved: false'));
    sandbox.setFaults({ script: [{ operation: 'editAlertReceiver', status: 200, body: { ...stored, id } }] });
    const report = await runApply(run().ctx);
    expect(report.results.map((r) => [r.change.kind, r.change.action, r.ok, r.converged])).toEqual([
      ['AlertReceiver', 'update', false, false],
    ]);
    expect(report.results[0]!.storedDifferently).toEqual([
      { path: 'description', before: 'Pages the platform on-call', after: 'Someone else' },
    ]);
    expect(exitCodeFor(report)).toBe(1);
  });
});
