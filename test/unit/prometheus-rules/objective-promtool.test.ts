/**
 * The rules a service level objective generates, exported as a Prometheus rule file and checked by
 * `promtool check rules` (as promtool.test.ts runs it: skipped without promtool, a failure in CI).
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';

const OBJECTIVE = fileURLToPath(new URL('../../fixtures/objectives/api-availability.yaml', import.meta.url));
const PROMTOOL = process.env.PROMTOOL ?? 'promtool';
const present = spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8' }).status === 0;

describe('promtool on the rules of an objective', () => {
  it.skipIf(!present && process.env.CI !== 'true')(
    'exports the four generated rules, which promtool accepts',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'objective-promtool-'));
      await copyFile(OBJECTIVE, join(root, 'slo.yaml'));
      let text = '';
      const status = await runExportRulesCommand({
        root,
        paths: ['.'],
        outFile: undefined,
        print: (t) => {
          text += t;
        },
        warn: () => {},
      });
      expect(status).toBe(0);
      expect(text.match(/- alert: /g)).toHaveLength(4);
      expect(text).toContain('alert: api-availability-1h-5m');
      expect(text).toContain('> 0.0144 and');
      await writeFile(join(root, 'rules.yaml'), text);
      const run = spawnSync(PROMTOOL, ['check', 'rules', 'rules.yaml'], { cwd: root, encoding: 'utf8' });
      expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS: 4 rules found');
      expect(run.status).toBe(0);
    },
  );
});
