import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPostSettings } from '../../../src/action/post-settings.js';
import { readPostState, savePostState } from '../../../src/action/post-state.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';

/** The state file's entries as the runner turns them into STATE_<name> variables for the post step. */
function runnerState(text: string): Record<string, string> {
  const lines = text.split(EOL);
  const env: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const head = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!head) continue;
    const end = lines.indexOf(head[2]!, i + 1);
    env[`STATE_${head[1]}`] = lines.slice(i + 1, end).join(EOL);
    i = end;
  }
  return env;
}

describe('savePostState and readPostState', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'post-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('write each value under its key on the wire, and read back what the post step parses', () => {
    const env = { GITHUB_STATE: join(dir, 'state') };
    writeFileSync(env.GITHUB_STATE, '');
    const started = Date.parse('2026-11-23T21:50:00.250Z');
    savePostState({ runStartedAt: started }, env);
    savePostState({ organizationId: ORG, apiUrl: 'http://127.0.0.1:4010' }, env);
    savePostState({ clusters: [{ organizationId: ORG, clusterId: PROD }] }, env);
    savePostState({ logsAttached: [] }, env);
    const state = runnerState(readFileSync(env.GITHUB_STATE, 'utf8'));
    // The keys a post step of the same release reads: renaming one loses the post step's logs.
    expect(state).toEqual({
      'STATE_run-started': '2026-11-23T21:50:00.250Z',
      'STATE_organization-id': ORG,
      'STATE_api-url': 'http://127.0.0.1:4010',
      STATE_clusters: JSON.stringify([{ organizationId: ORG, clusterId: PROD }]),
      'STATE_logs-attached': '[]',
    });
    expect(readPostState(state)).toEqual({
      runStartedAt: '2026-11-23T21:50:00.250Z',
      organizationId: ORG,
      apiUrl: 'http://127.0.0.1:4010',
      clusters: JSON.stringify([{ organizationId: ORG, clusterId: PROD }]),
      logsAttached: '[]',
    });
    const { settings, warnings } = readPostSettings({
      input: (name) => (name === 'api-token' ? 'qov_sandbox_acme_token' : ''),
      state: (key) => state[`STATE_${key}`] ?? '',
    });
    expect(warnings).toEqual([]);
    expect(settings).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010',
      clusters: [{ organizationId: ORG, clusterId: PROD }],
      runStartedAt: started,
    });
  });

  it('reads an unsaved key as empty', () => {
    expect(readPostState({})).toEqual({
      runStartedAt: '',
      organizationId: '',
      apiUrl: '',
      clusters: '',
      logsAttached: '',
    });
  });
});
