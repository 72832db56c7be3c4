/**
 * What the command line says when it is used wrong or asked about itself: an object on stdout for a script
 * that asked for JSON, the version however it is asked, what to pass when something is missing, and counts
 * that agree with their nouns.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { CLI_COMMANDS } from '../../../src/cli/cli-command.js';
import { helpText } from '../../../src/cli/help.js';
import { plural } from '../../../src/core/plural.js';
import { checksRunLine } from '../../../src/report/annotations.js';
import { costLine } from '../../../src/report/step-summary.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { report } from '../report/report-factory.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

describe('a usage error with --format json', () => {
  it.each([
    [['plan', '--bogus', '--format', 'json'], 'plan', /unknown option '--bogus' for 'plan'/],
    [['validate', '--format=json', '--concurrency', '3'], 'validate', /'validate' takes no --concurrency/],
    [['deploy', '--format', 'json'], null, /unknown command 'deploy'/],
    [['logs', '--format', 'json'], 'logs', /'logs' needs --cluster NAME\|ID/],
  ])('%j prints one JSON object on stdout and the message on stderr', async (argv, command, message) => {
    const run = await runCliInProcess(argv, {});
    expect(run.code).toBe(1);
    const output = JSON.parse(run.stdout);
    expect(output).toEqual({
      version: 2,
      command,
      exitCode: 1,
      error: { kind: 'usage', message: expect.any(String) },
    });
    expect(output.error.message).toMatch(message);
    expect(run.stderr).toBe(`platform-gitops: ${output.error.message}\n`);
  });

  it('prints nothing on stdout without --format json', async () => {
    const run = await runCliInProcess(['plan', '--bogus'], {});
    expect(run).toMatchObject({ code: 1, stdout: '' });
  });
});

describe('the version', () => {
  it.each([['--version'], ['-V'], ['-v'], ['version']])('%s prints it', async (word) => {
    const run = await runCliInProcess([word], {});
    expect(run).toEqual({ code: 0, stdout: `platform-gitops ${packageJson.version}\n`, stderr: '' });
  });

  it('is named in the help', () => {
    expect(helpText(null)).toMatch(/--version/);
  });
});

describe('what to pass when something is missing', () => {
  it("'logs' without an organization names the option and the variable, not a configuration there is not", async () => {
    const run = await runCliInProcess(['logs', '--cluster', ORG], {
      QOVERY_API_TOKEN: 'qov_token',
      QOVERY_API_URL: 'http://127.0.0.1:9',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "platform-gitops: 'logs' needs an organization: pass --org ID or set QOVERY_ORGANIZATION_ID (in the action: the organization-id input).\n",
    );
  });

  it('no documents names the option that accepts it, with its dashes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'usage-words-'));
    try {
      const run = await runCliInProcess(['validate', dir, '--root', dir], {});
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('(--allow-empty, or the action');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A command's help with each option's wrapped lines joined again, to read one option at a time. */
const flatHelp = (command: Parameters<typeof helpText>[0]) =>
  helpText(command).replace(/\n {4,}(?=[^ -])/g, ' ');

describe('help', () => {
  it('fits a terminal of 100 columns', () => {
    for (const command of [null, ...CLI_COMMANDS]) {
      const long = helpText(command)
        .split('\n')
        .filter((line) => line.length > 100);
      expect(long, String(command)).toEqual([]);
    }
  });

  it("describes plan's --out as the saved plan's file and export's as the directory", () => {
    expect(flatHelp('plan')).toMatch(/--out FILE +save the plan to FILE, for 'apply --plan FILE'/);
    expect(flatHelp('plan')).not.toMatch(/export/);
    // Required, except for a Prometheus rule file (then stdout by default): the help says both.
    expect(flatHelp('export')).toMatch(
      /--out DIR +directory the documents are written to, relative to the repository root \(required, except with --format prometheus-rules: then the rule file, default stdout\)/,
    );
    expect(flatHelp('export')).toMatch(
      /--org ID +the organization \(a UUID\) whose alert rules to export \(required, except with --format prometheus-rules and PATHs;/,
    );
    expect(flatHelp('export')).not.toMatch(/apply --plan/);
  });

  it("gives logs' and import's --cluster each its own line, both by name or id", () => {
    expect(flatHelp('logs')).toMatch(
      /--cluster NAME\|ID +the cluster whose deployment logs to show, by name or id \(required\)/,
    );
    expect(flatHelp('import')).toMatch(
      /--cluster NAME\|ID +the cluster the imported rules watch, by name or id \(required\)/,
    );
    expect(flatHelp('logs')).not.toMatch(/import/);
    expect(flatHelp('import')).not.toMatch(/deployment logs/);
  });

  it('describes --org by what each command does with it', () => {
    expect(flatHelp('plan')).toMatch(/--org ID +organization \(a UUID\) for documents that name none/);
    expect(flatHelp('logs')).toMatch(/--org ID +the organization \(a UUID\) the cluster belongs to/);
    expect(flatHelp('export')).toMatch(/--org ID +the organization \(a UUID\) whose alert rules to export/);
  });
});

describe('counts and their nouns', () => {
  it('one of a thing is singular, in the job summary and the log line that points at the Checks run', () => {
    expect(plural(1, 'request')).toBe('1 request');
    expect(plural(0, 'request')).toBe('0 requests');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    const one = report({ requests: { total: 1, byOperation: { getAlertRules: 1 } } });
    expect(costLine(one)).toContain('<summary>1 request to the service;');
    expect(costLine(report())).toContain('<summary>2 requests to the service;');
    expect(checksRunLine(1, null)).toBe(
      '1 finding is annotated on its line by the Checks run (not repeated here as workflow commands).',
    );
    expect(checksRunLine(3, null)).toMatch(/^3 findings are annotated on their lines/);
  });
});
