import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseApplied } from '../../../src/evidence/base-apply.js';
import { dispatch } from '../../../src/runtime/dispatch.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { testRun } from '../commands/run-context.js';

describe('dispatch of a plan', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("carries what is known of the base commit's apply into the report only when given", async () => {
    const base: BaseApplied = { applied: true, commit: 'a'.repeat(40) };
    const run = testRun(sandbox);
    try {
      const plain = await dispatch({ command: 'plan' }, run.ctx);
      expect(plain.command).toBe('plan');
      expect(plain.plan?.changes.length).toBeGreaterThan(0);
      expect(plain).not.toHaveProperty('baseApplied');
      const told = await dispatch({ command: 'plan', baseApplied: base }, run.ctx);
      expect(told.command === 'plan' && told.baseApplied).toBe(base);
      // The same plan either way: an applied base keeps every change as planned.
      expect(told.plan).toEqual(plain.plan);
    } finally {
      await run.close();
    }
  });
});
