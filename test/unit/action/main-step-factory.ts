/** The main step's settled parts for in-process tests: inputs parsed as the runner passes them, a real runtime. */
import { tmpdir } from 'node:os';
import { type ActionInputs, readInputs } from '../../../src/action/inputs.js';
import { type MainStep, runtimeOptions } from '../../../src/action/main-step.js';
import { Redactor } from '../../../src/core/redact.js';
import type { EventDecision } from '../../../src/github/event-decision.js';
import type { RunnerEnvironment } from '../../../src/github/runner-env.js';
import { createRuntime } from '../../../src/runtime/runtime.js';

export const HEAD_SHA = 'b'.repeat(40);

/** Inputs as `INPUT_*` variables would give them (names as in action.yml). */
export function testInputs(given: Record<string, string> = {}): ActionInputs {
  return readInputs(
    Object.fromEntries(Object.entries(given).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
  );
}

export function testRunner(overrides: Partial<RunnerEnvironment> = {}): RunnerEnvironment {
  return {
    eventName: 'pull_request',
    payload: {},
    ref: 'refs/pull/7/merge',
    sha: 'c'.repeat(40),
    repository: { owner: 'acme', repo: 'gitops' },
    workflow: 'gitops',
    workflowFile: 'gitops.yml',
    workspace: tmpdir(),
    tempDir: tmpdir(),
    apiUrl: 'http://127.0.0.1:9',
    runUrl: null,
    serverUrl: 'https://github.com',
    ...overrides,
  };
}

export function testDecision(overrides: Partial<EventDecision> = {}): EventDecision {
  return {
    command: 'plan',
    base: 'a'.repeat(40),
    head: HEAD_SHA,
    checkSha: HEAD_SHA,
    pullRequest: 7,
    skipped: [],
    allComponents: false,
    ...overrides,
  };
}

/** A step with a real runtime (closed by the caller), its progress lines kept in `logged`. */
export async function testStep(
  parts: { inputs?: ActionInputs; runner?: RunnerEnvironment; decision?: EventDecision } = {},
): Promise<MainStep & { readonly logged: string[] }> {
  const inputs = parts.inputs ?? testInputs();
  const runner = parts.runner ?? testRunner();
  const decision = parts.decision ?? testDecision();
  const redactor = new Redactor();
  const logged: string[] = [];
  const runtime = await createRuntime(
    runtimeOptions(inputs, runner, decision, redactor, (line) => logged.push(line)),
  );
  return { inputs, runner, decision, redactor, runtime, logged };
}
