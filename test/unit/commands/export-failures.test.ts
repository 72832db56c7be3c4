/**
 * `export --out DIR` when it cannot do its work: the service refuses the token, no directory is named, or
 * --out holds something in the place of a document. Each says what failed and writes nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { ACME, testRun, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('export-failures-');

describe('export --out DIR', () => {
  it('with a token the service refuses: an error naming the organization, nothing written', async () => {
    const refused = testRun(
      { url: world.sandbox.url, token: 'not-a-token-the-service-knows' },
      {
        organizationId: ACME,
      },
    );
    try {
      const out = join(world.out, 'rules');
      const report = await runExport(refused.ctx, { outDir: out });
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => d.message)).toEqual([
        expect.stringMatching(
          new RegExp(`^The alert rules of organization ${ACME} could not be read: .*HTTP 401`),
        ),
      ]);
      expect(exitCodeFor(report)).toBe(1);
      expect(existsSync(out)).toBe(false);
    } finally {
      await refused.close();
    }
  });

  it('without a directory: a usage error saying to pass --out DIR', async () => {
    await expect(runExport(run({ organizationId: ACME }).ctx, { outDir: ' ' })).rejects.toThrow(
      'export needs a directory: pass --out DIR',
    );
  });

  it('with a directory where a document would go: the path named, nothing written', async () => {
    const first = join(world.out, 'first');
    await runExport(run({ organizationId: ACME }).ctx, { outDir: first });
    const names = readdirSync(first).sort();
    expect(names.length).toBeGreaterThan(1);
    const second = join(world.out, 'second');
    mkdirSync(join(second, names[0]!), { recursive: true });
    await expect(runExport(run({ organizationId: ACME }).ctx, { outDir: second })).rejects.toThrow(
      `export cannot read ${join(second, names[0]!)} (EISDIR): choose another --out directory`,
    );
    expect(readdirSync(second)).toEqual([names[0]]);
  });

  it('with hand-written files at the names of documents: each named (five at most), nothing written', async () => {
    const first = join(world.out, 'first');
    await runExport(run({ organizationId: ACME }).ctx, { outDir: first });
    const names = readdirSync(first)
      .filter((n) => n.endsWith('.yaml'))
      .sort();
    expect(names.length).toBeGreaterThan(6);
    const second = join(world.out, 'second');
    mkdirSync(second);
    for (const name of names) writeFileSync(join(second, name), 'kind: AlertRule\n');
    const refused = runExport(run({ organizationId: ACME }).ctx, { outDir: second });
    await expect(refused).rejects.toThrow(
      `export would overwrite ${names.length} files in ${second} that are not exports of the same rule (`,
    );
    await expect(refused).rejects.toThrow(`, and ${names.length - 5} more); nothing was written`);
    for (const name of names) expect(readFileSync(join(second, name), 'utf8')).toBe('kind: AlertRule\n');
  });

  it('without an organization: a usage error saying how to name one', async () => {
    await expect(runExport(run().ctx, { outDir: join(world.out, 'rules') })).rejects.toThrow(/--org/);
    expect(existsSync(join(world.out, 'rules'))).toBe(false);
  });
});
