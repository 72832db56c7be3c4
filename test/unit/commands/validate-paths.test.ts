/** `validate` without paths reads the whole repository, as `validate .` does. */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate } from '../../../src/commands/validate.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { EXAMPLE_ROOT, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('validate-paths-');

describe('validate without paths', () => {
  it('reads the whole repository: a broken document outside the rules is found', async () => {
    cpSync(EXAMPLE_ROOT, world.out, { recursive: true });
    writeFileSync(join(world.out, 'components', 'broken.yaml'), 'kind: AlertRule\nname: x\n');
    const whole = await runValidate(run({ root: world.out, paths: [] }).ctx);
    expect(whole.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file)).toContain(
      'components/broken.yaml',
    );
    expect(exitCodeFor(whole)).toBe(1);
    const rules = await runValidate(run({ root: world.out, paths: ['alerting'] }).ctx);
    expect(exitCodeFor(rules)).toBe(0);
  });
});
