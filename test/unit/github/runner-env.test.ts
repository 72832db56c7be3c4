import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { readRunnerEnvironment } from '../../../src/github/runner-env.js';

describe('readRunnerEnvironment', () => {
  it('reads the event payload, the repository and the addresses the runner gives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-env-'));
    await writeFile(join(dir, 'event.json'), '{"number": 3}');
    const runner = readRunnerEnvironment({
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_REPOSITORY: 'acme/gitops',
      GITHUB_API_URL: 'https://ghes.example.com/api/v3/',
      GITHUB_SERVER_URL: 'https://ghes.example.com',
      GITHUB_RUN_ID: '42',
      GITHUB_WORKFLOW: 'platform',
      GITHUB_WORKFLOW_REF: 'acme/gitops/.github/workflows/platform-gitops.yml@refs/heads/main',
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
    });
    expect(runner).toMatchObject({
      eventName: 'pull_request',
      payload: { number: 3 },
      repository: { owner: 'acme', repo: 'gitops' },
      apiUrl: 'https://ghes.example.com/api/v3',
      runUrl: 'https://ghes.example.com/acme/gitops/actions/runs/42',
      workflow: 'platform',
      workflowFile: 'platform-gitops.yml',
      workspace: dir,
      tempDir: dir,
    });
  });

  it('defaults to github.com and has no repository outside one', () => {
    const runner = readRunnerEnvironment({});
    expect(runner).toMatchObject({
      payload: {},
      repository: null,
      apiUrl: 'https://api.github.com',
      runUrl: null,
      workflowFile: null,
    });
    // A ref of another form names no workflow file to dispatch.
    expect(
      readRunnerEnvironment({ GITHUB_WORKFLOW_REF: 'acme/gitops/ci/platform.yml@refs/heads/main' })
        .workflowFile,
    ).toBeNull();
  });

  it('says which payload file is missing or broken, in one line', async () => {
    expect(() => readRunnerEnvironment({ GITHUB_EVENT_PATH: '/nonexistent/event.json' })).toThrow(UsageError);
    const dir = await mkdtemp(join(tmpdir(), 'runner-env-'));
    await writeFile(join(dir, 'event.json'), '{not json');
    expect(() => readRunnerEnvironment({ GITHUB_EVENT_PATH: join(dir, 'event.json') })).toThrow(
      `The event payload GITHUB_EVENT_PATH=${join(dir, 'event.json')} is not valid JSON.`,
    );
  });
});
