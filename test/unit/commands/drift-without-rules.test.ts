/** `drift` of documents holding no alert rule: nothing to compare, nothing asked. */
import { describe, expect, it } from 'vitest';
import { runDrift } from '../../../src/commands/drift.js';
import { ACME, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('drift-without-rules-');

describe('drift of documents holding no alert rule', () => {
  it('plans no rule, reports no drift and asks the service for no rule', async () => {
    const drift = run({ paths: ['components'], organizationId: ACME });
    const report = await runDrift(drift.ctx, { remediate: false });
    expect(report.plan).toBeNull();
    expect(drift.progress.filter((line) => line.startsWith('drift:'))).toEqual([]);
    expect(world.sandbox.requests.filter((r) => r.path.includes('alert-rules'))).toEqual([]);
  });
});
