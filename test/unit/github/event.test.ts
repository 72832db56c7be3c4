import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { decideCommand } from '../../../src/github/event.js';
import type { EventInput } from '../../../src/github/event-decision.js';
import { MissingTokenError, UnsupportedEventError } from '../../../src/github/event-refusals.js';

const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);

function pullRequest(headRepo: string | null = 'acme/gitops') {
  return {
    number: 7,
    pull_request: {
      number: 7,
      base: { sha: BASE, repo: { full_name: 'acme/gitops' } },
      head: { sha: HEAD, repo: headRepo === null ? null : { full_name: headRepo } },
    },
  };
}

function input(overrides: Partial<EventInput>): EventInput {
  return {
    eventName: 'pull_request',
    payload: pullRequest(),
    ref: 'refs/pull/7/merge',
    sha: 'c'.repeat(40),
    command: 'auto',
    hasApiToken: true,
    ...overrides,
  };
}

describe('decideCommand', () => {
  it('plans a pull request between its base and head, and attaches the Checks run to the head', () => {
    expect(decideCommand(input({}))).toEqual({
      command: 'plan',
      base: BASE,
      head: HEAD,
      checkSha: HEAD,
      pullRequest: 7,
      skipped: [],
      allComponents: false,
    });
  });

  it('validates a fork pull request offline and says why', () => {
    const decision = decideCommand(input({ payload: pullRequest('someone/gitops') }));
    expect(decision.command).toBe('validate');
    expect(decision.skipped).toHaveLength(1);
    expect(decision.skipped[0]).toMatch(/^Pull request from a fork: .*only offline validation ran/);
  });

  it('treats a deleted head repository as a fork', () => {
    expect(decideCommand(input({ payload: pullRequest(null) })).command).toBe('validate');
  });

  it('validates offline without an api-token and says which command needed it', () => {
    const decision = decideCommand(input({ hasApiToken: false }));
    expect(decision.command).toBe('validate');
    expect(decision.skipped).toEqual([
      'No api-token was given: only offline validation ran (the plan needs the service).',
    ]);
  });

  it('refuses apply on pull requests, even when asked for explicitly', () => {
    expect(() => decideCommand(input({ command: 'apply' }))).toThrow(/never write to the service/);
    expect(() => decideCommand(input({ eventName: 'pull_request_target', command: 'apply' }))).toThrow(
      UnsupportedEventError,
    );
    // A usage error: the faces show its one line and exit as for a bad input, never with a stack.
    expect(() => decideCommand(input({ command: 'apply' }))).toThrow(UsageError);
  });

  it('never reads the pull request documents on pull_request_target', () => {
    const decision = decideCommand(input({ eventName: 'pull_request_target' }));
    expect(decision).toMatchObject({ command: 'validate', base: null, head: null, pullRequest: 7 });
    expect(decision.skipped[0]).toMatch(/^pull_request_target: .*never read with secrets/);
  });

  const push = (ref: string, before = BASE) => ({
    ref,
    before,
    after: HEAD,
    repository: { default_branch: 'main', full_name: 'acme/gitops' },
  });

  it('applies a push to the default branch, comparing with the commit before the push', () => {
    expect(decideCommand(input({ eventName: 'push', payload: push('refs/heads/main') }))).toEqual({
      command: 'apply',
      base: BASE,
      head: HEAD,
      checkSha: HEAD,
      pullRequest: null,
      skipped: [],
      allComponents: false,
    });
  });

  it('plans a push elsewhere and says why it was not applied', () => {
    const decision = decideCommand(input({ eventName: 'push', payload: push('refs/heads/feature') }));
    expect(decision.command).toBe('plan');
    expect(decision.skipped).toEqual([
      'Push to refs/heads/feature, not the default branch (main): the plan was made and not applied.',
    ]);
  });

  it('has no base for the first push of a branch (before is all zeros)', () => {
    const decision = decideCommand(
      input({ eventName: 'push', payload: push('refs/heads/main', '0'.repeat(40)) }),
    );
    expect(decision.base).toBeNull();
  });

  it('never applies a push that deleted the branch (after is all zeros)', () => {
    const deletion = { ...push('refs/heads/main', HEAD), after: '0'.repeat(40), deleted: true };
    const decision = decideCommand(input({ eventName: 'push', payload: deletion }));
    expect(decision).toMatchObject({ command: 'validate', base: null, head: null, checkSha: 'c'.repeat(40) });
    expect(decision.skipped).toEqual([
      'Push deleted refs/heads/main: there is nothing to plan or apply; only the checked-out files were validated.',
    ]);
    const flagOnly = decideCommand(
      input({ eventName: 'push', payload: { ...push('refs/heads/main', HEAD), deleted: true } }),
    );
    expect(flagOnly.command).toBe('validate');
  });

  it('fails a push, a dispatch, a schedule or an explicit command that needs the service without a token', () => {
    const without = (fields: Partial<EventInput>) => () =>
      decideCommand(input({ hasApiToken: false, ...fields }));
    const dispatch = { inputs: { command: 'apply' } };
    for (const [fields, command] of [
      [{ eventName: 'push', payload: push('refs/heads/main') }, 'apply'],
      [{ eventName: 'push', payload: push('refs/heads/feature') }, 'plan'],
      [{ eventName: 'workflow_dispatch', payload: dispatch }, 'apply'],
      [{ eventName: 'schedule', payload: {} }, 'drift'],
      [{ eventName: 'release', payload: {}, command: 'plan' }, 'plan'],
    ] as const) {
      expect(without(fields)).toThrow(MissingTokenError);
      expect(without(fields)).toThrow(
        new RegExp(
          `^The api-token input is empty, and the ${command} this ${fields.eventName} event runs needs the service`,
        ),
      );
    }
    expect(without({ eventName: 'push', payload: push('refs/heads/main') })).toThrow(
      /nothing was applied\. Give the step `api-token: \$\{\{ secrets\.QOVERY_API_TOKEN \}\}`/,
    );
    // What asks nothing of the service still runs: validate, and a push that deleted its branch.
    expect(
      without({ eventName: 'push', payload: push('refs/heads/main'), command: 'validate' })().command,
    ).toBe('validate');
    const deletion = { ...push('refs/heads/main', HEAD), deleted: true };
    expect(without({ eventName: 'push', payload: deletion })().command).toBe('validate');
    // A merge queue group, as a pull request, validates offline and says so.
    const group = { merge_group: { head_sha: HEAD, base_sha: BASE } };
    expect(without({ eventName: 'merge_group', payload: group })().skipped).toEqual([
      'No api-token was given: only offline validation ran (the plan needs the service).',
    ]);
  });

  it('checks drift on schedule over every component', () => {
    const decision = decideCommand(input({ eventName: 'schedule', payload: { schedule: '0 6 * * *' } }));
    expect(decision).toMatchObject({ command: 'drift', base: null, head: null, allComponents: true });
  });

  it('runs the command given to workflow_dispatch, else the action input, else a plan', () => {
    const dispatch = (command?: string) => ({ inputs: command === undefined ? {} : { command } });
    expect(decideCommand(input({ eventName: 'workflow_dispatch', payload: dispatch('apply') })).command).toBe(
      'apply',
    );
    expect(
      decideCommand(input({ eventName: 'workflow_dispatch', payload: dispatch(), command: 'drift' })).command,
    ).toBe('drift');
    const fallback = decideCommand(input({ eventName: 'workflow_dispatch', payload: dispatch('') }));
    expect(fallback.command).toBe('plan');
    expect(fallback.skipped[0]).toMatch(/^workflow_dispatch without a command: planned only/);
    expect(() =>
      decideCommand(input({ eventName: 'workflow_dispatch', payload: dispatch('destroy') })),
    ).toThrow(
      "The workflow_dispatch input command 'destroy' is not supported. Expected one of: validate, plan, apply, drift, test-receivers.",
    );
  });

  it('sends test messages only when asked by a dispatch (or an explicit command), never for a pull request', () => {
    const dispatch = { inputs: { command: 'test-receivers' } };
    expect(decideCommand(input({ eventName: 'workflow_dispatch', payload: dispatch }))).toMatchObject({
      command: 'test-receivers',
    });
    for (const eventName of ['pull_request', 'merge_group', 'pull_request_target']) {
      expect(() =>
        decideCommand(input({ eventName, payload: { pull_request: {} }, command: 'test-receivers' })),
      ).toThrow(`The command test-receivers is refused on ${eventName} events`);
    }
    expect(decideCommand(input({ eventName: 'pull_request', payload: { pull_request: {} } })).command).toBe(
      'plan',
    );
  });

  it('plans a merge queue group between its base and head, and never applies it', () => {
    const group = {
      merge_group: { head_sha: HEAD, base_sha: BASE, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7' },
    };
    const decision = decideCommand(input({ eventName: 'merge_group', payload: group }));
    expect(decision).toEqual({
      command: 'plan',
      base: BASE,
      head: HEAD,
      checkSha: HEAD,
      pullRequest: null,
      skipped: [],
      allComponents: false,
    });
    expect(() =>
      decideCommand(input({ eventName: 'merge_group', payload: group, command: 'apply' })),
    ).toThrow(/^The command apply is refused on merge_group events/);
    // A payload without the group (a hand-made event) still plans the checked-out commit.
    expect(decideCommand(input({ eventName: 'merge_group', payload: {} }))).toMatchObject({
      command: 'plan',
      base: null,
      head: 'c'.repeat(40),
    });
  });

  it('names the supported events for anything else', () => {
    expect(() => decideCommand(input({ eventName: 'issue_comment', payload: {} }))).toThrow(
      "The event 'issue_comment' is not supported with command: auto. Supported events: pull_request, pull_request_target, push, merge_group, schedule, workflow_dispatch; or set the command input to validate, plan, apply, drift or test-receivers.",
    );
  });

  it('runs an explicit command on any other event', () => {
    expect(decideCommand(input({ eventName: 'release', payload: {}, command: 'validate' })).command).toBe(
      'validate',
    );
  });
});
