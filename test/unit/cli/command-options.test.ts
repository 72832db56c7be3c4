/**
 * Each command's options as the parser types them: the shape of each command (a saved plan's apply has no
 * --prune, drift does one thing with its drift, export writes documents or a rule file), and the line of
 * each combination a command refuses, word for word.
 */
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../src/cli/args.js';
import type { CliArgs } from '../../../src/cli/commands/cli-args.js';
import { OptionValues } from '../../../src/cli/option-values.js';
import { UsageError } from '../../../src/core/usage-error.js';
import { usageMessage } from '../../helpers/usage-message.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

function args(argv: string[]): CliArgs {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== 'run') throw new Error(`not a run: ${argv.join(' ')}`);
  return parsed.args;
}

describe('each refused combination gives its own line', () => {
  it.each([
    [['plan', '--live-errors'], "'plan --live-errors' makes the findings of --live errors: give both"],
    [['plan', '--window', '7d'], "'plan --window' is the window of --backtest: give both"],
    [['apply', '--strict'], "'apply --strict' needs --plan FILE"],
    [
      ['apply', '--plan', 'p.json', '--prune'],
      "'apply --plan' executes the saved plan as it was made: --prune and --base belong to 'plan'",
    ],
    [
      ['apply', '--plan', 'p.json', '--base', 'HEAD~1'],
      "'apply --plan' executes the saved plan as it was made: --prune and --base belong to 'plan'",
    ],
    [
      ['apply', '--plan', 'p.json', '--rotate-secrets'],
      "'apply --plan' executes the saved plan as it was made: --rotate-secrets belongs to 'plan', which saves it",
    ],
    [
      ['drift', '--write', '--remediate'],
      "'drift --write' adopts the drift into the documents and '--remediate' overwrites it: give one",
    ],
    [['drift', '--adopt-into', 'a.yaml'], "'drift --adopt-into' is the file of --write: give both"],
    [['export'], "'export' needs --out DIR"],
    [['export', 'alerting', '--out', 'x'], "'export' takes no paths, got 'alerting'"],
    [
      ['export', 'alerting', '--format', 'prometheus-rules', '--org', ORG],
      "'export --format prometheus-rules' writes the documents under PATH or, with --org, the organization's rules: not both",
    ],
    [['import'], "'import' needs the rule files or directories to read: import FILE|DIR… --out DIR"],
    [['logs', '--cluster', 'prod', 'x'], "'logs' takes no paths, got 'x'"],
    [['logs'], "'logs' needs --cluster NAME|ID"],
    [['receivers'], "'receivers' takes the action to run first: receivers test [NAME…] (got nothing)"],
    [['receivers', 'send'], "'receivers' takes the action to run first: receivers test [NAME…] (got 'send')"],
    [['init', 'a', 'b'], "'init' takes one directory, got 2"],
    [['sandbox', 'x'], "'sandbox' takes no paths, got 'x'"],
    [['demo', 'x'], "'demo' takes no paths, got 'x'"],
  ])('%j', (argv, line) => {
    expect(usageMessage(argv)).toBe(line);
  });

  it('checks the combination before the values, and of two bad values reports the one it always did', () => {
    // --adopt-into is read before --fail-on, as by every version of the parser.
    expect(usageMessage(['drift', '--write', '--adopt-into', ' ', '--fail-on', 'info'])).toBe(
      '--adopt-into needs a value',
    );
    expect(usageMessage(['plan', '--format', 'yaml', '--org', 'acme'])).toBe(
      "--format must be one of text, json, github, not 'yaml'",
    );
    expect(usageMessage(['apply', '--plan', ' ', '--strict'])).toBe('--plan needs a value');
    expect(usageMessage(['export', 'a', '--format', 'prometheus-rules', '--org', 'acme'])).toMatch(
      /^--org must be a UUID/,
    );
  });
});

describe('each command has the shape of what it takes', () => {
  it('plan: a backtest, a live check and a saved plan only when asked, --all for components and rules', () => {
    expect(args(['plan']).options).toMatchObject({
      backtest: undefined,
      live: undefined,
      out: undefined,
      allComponents: false,
      paths: ['.'],
    });
    expect(
      args(['plan', 'alerting', '--backtest', '--window', '36h', '--live', '--all', '--out', 'p.json']),
    ).toEqual({
      command: 'plan',
      options: expect.objectContaining({
        paths: ['alerting'],
        backtest: { windowSeconds: 36 * 3600 },
        live: { scope: 'all', asErrors: false },
        allComponents: true,
        out: 'p.json',
      }),
    });
  });

  it('apply: from the documents with --base and --prune, or from a saved plan with none of them', () => {
    expect(args(['apply', '--base', 'HEAD~1', '--prune', '--all']).options).toMatchObject({
      from: 'documents',
      base: 'HEAD~1',
      prune: true,
      allComponents: true,
      rotateSecrets: false,
    });
    const saved = args(['apply', '--plan', 'p.json', '--strict', '--concurrency', '2']).options;
    expect(saved).toMatchObject({ from: 'saved-plan', planFile: 'p.json', strict: true, concurrency: 2 });
    for (const field of ['base', 'prune', 'rotateSecrets', 'allComponents']) {
      expect(saved, field).not.toHaveProperty(field);
    }
  });

  it('drift: reports, remediates, or writes the drift back, one of the three', () => {
    expect(args(['drift']).options).toMatchObject({ resolution: { kind: 'report' } });
    expect(args(['drift', '--remediate']).options).toMatchObject({ resolution: { kind: 'remediate' } });
    expect(args(['drift', '--write']).options).toMatchObject({
      resolution: { kind: 'write', adoptInto: undefined },
    });
  });

  it('export: documents under --out, or a rule file of the documents or of the organization', () => {
    expect(args(['export', '--out', 'exported', '--org', ORG.toUpperCase()]).options).toEqual({
      form: 'documents',
      format: 'text',
      color: undefined,
      apiUrl: undefined,
      organizationId: ORG,
      root: undefined,
      outDir: 'exported',
    });
    expect(args(['export', '--format', 'prometheus-rules', 'alerting']).options).toEqual({
      form: 'prometheus-rules',
      color: undefined,
      root: undefined,
      outFile: undefined,
      source: { kind: 'documents', paths: ['alerting'] },
    });
    expect(
      args(['export', '.', '--format', 'prometheus-rules', '--org', ORG, '--out', 'rules.yaml']).options,
    ).toMatchObject({ outFile: 'rules.yaml', source: { kind: 'organization', organizationId: ORG } });
  });

  it('logs, receivers: the cluster and its entries; the names and the message as written', () => {
    expect(args(['logs', '--cluster', ' prod-eu ', '--entries', '5']).options).toMatchObject({
      cluster: 'prod-eu',
      entries: 5,
    });
    expect(args(['receivers', 'test', 'ops', 'oncall', '--message', ' hello ']).options).toMatchObject({
      names: ['ops', 'oncall'],
      message: ' hello ',
    });
  });

  it('init, sandbox, demo, import: what each takes and nothing else', () => {
    expect(
      args(['init', 'repo', '--pin-sha', 'ABC123', '--from-org', ORG, '--api-url', 'http://x']).options,
    ).toEqual({
      dir: 'repo',
      dryRun: false,
      pinSha: 'abc123',
      fromOrg: { organizationId: ORG, apiUrl: 'http://x' },
    });
    expect(args(['init']).options).toEqual({
      dir: '.',
      dryRun: false,
      pinSha: undefined,
      fromOrg: undefined,
    });
    expect(args(['sandbox', '--port', '8080']).options).toEqual({ port: 8080, seed: undefined });
    expect(args(['demo', '--no-color', '--color']).options).toEqual({ color: false });
    expect(
      args(['import', 'rules.yaml', '--receiver', 'ops', '--receiver', 'dev', '--dry-run']).options,
    ).toMatchObject({
      paths: ['rules.yaml'],
      receivers: ['ops', 'dev'],
      dryRun: true,
    });
  });
});

describe("a command's parser reads only the options the table gives it", () => {
  it('throws a bug, not a usage error, when it asks for another', () => {
    const values = new OptionValues('validate', { prune: true });
    const thrown = (() => {
      try {
        values.flag('prune');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(
      "the parser of 'validate' reads --prune, which the option table does not give it",
    );
    expect(values.flag('verbose')).toBe(false);
  });
});
