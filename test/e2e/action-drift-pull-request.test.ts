/**
 * The drift pull request through the bundled action: a scheduled drift check with `drift-pull-request:
 * true` writes the console's edits back into the example repository's documents and opens one pull
 * request on its fixed branch, built on the checked-out commit; a second check updates the same one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveRule, putLiveRule } from '../../src/sandbox/index.js';
import { EXAMPLE_SECRETS, exampleRepository, runAction, useActionWorld } from './action-runner.js';

const { sandbox, github, inputs, writes } = useActionWorld('alerting');
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === '.git') continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('drift-pull-request', () => {
  it('opens one pull request with the live state written into the documents, and updates it on the next check', async () => {
    const { dir, first } = await exampleRepository();
    github().git.seed(filesOf(dir), first);
    putLiveRule(sandbox().state, { ...liveRule(sandbox().state, RULE), severity: 'LOW' });
    const schedule = (inProcess: boolean) =>
      runAction({
        workspace: dir,
        eventName: 'schedule',
        payload: { schedule: '0 6 * * *' },
        inputs: { ...inputs(), 'drift-pull-request': 'true' },
        githubUrl: github().url,
        workflow: 'drift',
        sha: first,
        inProcess,
      });
    const found = await schedule(false);
    expect(found.code, found.stdout).toBe(0);
    expect(writes()).toEqual([]);
    const pulls = github().git.pulls;
    expect(pulls).toHaveLength(1);
    // One branch per path set, like the drift issue's marker: `paths: alerting` is not the whole repository.
    expect(pulls[0]).toMatchObject({
      state: 'open',
      head: expect.stringMatching(/^platform-gitops\/drift-[0-9a-f]{16}$/),
      base: 'main',
    });
    expect(pulls[0]!.body).toMatch(/^<!-- platform-gitops:drift-pull-request:v1:[0-9a-f]{16} -->/);
    const head = github().git.refs.get(`heads/${pulls[0]!.head}`)!;
    expect(github().git.commits.get(head)!.parents).toEqual([first]);
    const api = github().git.filesAt(head)['alerting/api.yaml']!;
    const before = readFileSync(join(dir, 'alerting/api.yaml'), 'utf8');
    expect(api).not.toBe(before);
    expect(api).toMatch(/severity: LOW/);
    // The file's comments are all still there.
    const comments = (text: string) => text.split('\n').filter((l) => l.trim().startsWith('#'));
    expect(comments(api)).toEqual(comments(before));
    // The first check's pull request already names the drift issue opened after it.
    const issue = github().issues.find((i) => !i.pull_request && i.body.includes('platform-gitops:drift:'))!;
    expect(issue.state).toBe('open');
    expect(pulls[0]!.body).toContain(`It adopts the drift reported in #${issue.number}.`);

    const again = await schedule(true);
    expect(again.code, again.stdout).toBe(0);
    expect(github().git.pulls).toHaveLength(1);
    // The secret the documents read from the environment went nowhere.
    const secret = EXAMPLE_SECRETS.GRAFANA_ADMIN_PASSWORD!;
    expect(JSON.stringify(github().requests)).not.toContain(secret);
  });
});
