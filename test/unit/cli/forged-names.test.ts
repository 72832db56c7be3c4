/**
 * Rule names that carry workflow commands, applied through the command line against the sandbox: the
 * progress lines of the apply (stderr) and the report in every format (stdout) name each rule, and no line
 * of either may be read by the runner as a command. The forms are those a runner reads: each `::` command
 * at a line's start (after a line break, a carriage return, tabs or colours in the name) and the older
 * `##[` form anywhere in a line.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRules, startSandbox } from '../../../src/sandbox/index.js';
import type { Sandbox } from '../../../src/sandbox/types.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { RAW_CONTROL, runnerCommands } from '../../helpers/runner-reads.js';

const EXAMPLE = new URL('../../../fixtures/example/alerting/api.yaml', import.meta.url);

const FORGED_NAMES = [
  'a\n::stop-commands::resume',
  'b\n::warning file=evil.yaml,line=1::forged',
  'c\n::add-mask::qov',
  'd\n::set-output name=changes::99',
  'e\n::add-path::/tmp/evil',
  'f\n::save-state name=clusters::x',
  'g ##[command]forged',
  'h ##[error]forged mid-line',
  'i\r::error::after a carriage return',
  'j\n\t\t::error::after tabs',
  'k\n\u001b[0m::error::after a colour',
];

describe('rule names that carry workflow commands', () => {
  let sandbox: Sandbox;
  let repo: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    repo = await mkdtemp(join(tmpdir(), 'forged-names-'));
    await mkdir(join(repo, 'alerting'));
    const first = (await readFile(EXAMPLE, 'utf8')).split('\n---\n')[0]!;
    const documents = FORGED_NAMES.map((name) =>
      first.replace(/^id: .*\n/m, '').replace(/^name: .*$/m, `name: ${JSON.stringify(name)}`),
    );
    await writeFile(join(repo, 'alerting', 'forged.yaml'), documents.join('\n---\n'));
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(repo, { recursive: true, force: true });
  });

  const env = () => ({ QOVERY_API_URL: sandbox.url, QOVERY_API_TOKEN: sandbox.token });
  const args = (command: string) => [
    'alerting',
    '--root',
    repo,
    ...(command === 'validate' ? [] : ['--org', sandbox.organizationId]),
  ];

  it.each(['validate', 'plan', 'apply'] as const)(
    '%s: no line of its output is a command',
    async (command) => {
      for (const format of ['text', 'json', 'github'] as const) {
        const run = await runCliInProcess([command, ...args(command), '--format', format], env());
        expect(run.stderr, `${command} --format ${format}`).not.toMatch(/internal error/);
        const commands = runnerCommands(`${run.stdout}\n${run.stderr}`);
        // The github form's own annotations are the only commands, and none of them is a forged one.
        expect(
          commands.filter((c) => !(format === 'github' && /^(error|warning|notice)$/.test(c.name))),
        ).toEqual([]);
        expect(commands.filter((c) => /forged|resume|evil/.test(c.line.split('::')[1] ?? ''))).toEqual([]);
        expect(RAW_CONTROL.exec(run.stdout + run.stderr)).toBeNull();
        if (format === 'json') expect(() => JSON.parse(run.stdout)).not.toThrow();
      }
    },
  );

  it('the apply created every rule, under the name its document gives', async () => {
    const names = liveRules(sandbox.state, sandbox.organizationId).map((rule) => rule.name);
    for (const name of FORGED_NAMES) expect(names).toContain(name);
  });
});
