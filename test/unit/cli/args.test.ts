import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../src/cli/args.js';
import { CLI_COMMANDS } from '../../../src/cli/cli-command.js';
import { helpText } from '../../../src/cli/help.js';
import { OPTIONS } from '../../../src/cli/options.js';
import { usageMessage } from '../../helpers/usage-message.js';

describe('parseCommandLine', () => {
  it('reads a plan with paths and options', () => {
    const parsed = parseCommandLine([
      'plan',
      'alerting',
      'components',
      '--org',
      '7F1B2C3D-0000-4000-8000-000000000001',
      '--detailed-exitcode',
    ]);
    expect(parsed.kind).toBe('run');
    if (parsed.kind !== 'run') return;
    expect(parsed.args).toMatchObject({
      command: 'plan',
      options: {
        paths: ['alerting', 'components'],
        organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
        detailedExitcode: true,
        format: 'text',
        concurrency: 4,
      },
    });
  });

  it('reads --rotate-secrets on plan and apply, and refuses it beside a saved plan, which holds its own', () => {
    const parsed = parseCommandLine(['apply', '--rotate-secrets']);
    expect(parsed).toMatchObject({
      kind: 'run',
      args: { options: { from: 'documents', rotateSecrets: true } },
    });
    const plain = parseCommandLine(['plan']);
    expect(plain).toMatchObject({
      kind: 'run',
      args: { command: 'plan', options: { rotateSecrets: false } },
    });
    expect(usageMessage(['apply', '--plan', 'plan.json', '--rotate-secrets'])).toContain(
      '--rotate-secrets belongs to',
    );
  });

  it('reads drift --write and --adopt-into, and refuses them beside --remediate or alone', () => {
    const parsed = parseCommandLine([
      'drift',
      'alerting',
      '--write',
      '--adopt-into',
      'alerting/adopted.yaml',
    ]);
    expect(parsed).toMatchObject({
      kind: 'run',
      args: { options: { resolution: { kind: 'write', adoptInto: 'alerting/adopted.yaml' } } },
    });
    const plain = parseCommandLine(['drift']);
    expect(plain).toMatchObject({ kind: 'run', args: { options: { resolution: { kind: 'report' } } } });
    expect(usageMessage(['drift', '--write', '--remediate'])).toContain('give one');
    expect(usageMessage(['drift', '--adopt-into', 'a.yaml'])).toContain('is the file of --write');
    expect(usageMessage(['plan', '--write'])).toContain("'plan' takes no --write");
  });

  it('reads a backtest window for backtest and plan --backtest, and none for a plain plan', () => {
    const run = (argv: string[]) => {
      const parsed = parseCommandLine(argv);
      if (parsed.kind !== 'run') return 'not a run';
      const { args } = parsed;
      if (args.command === 'backtest') return args.options.windowSeconds;
      return args.command === 'plan' ? args.options.backtest?.windowSeconds : 'neither';
    };
    expect(run(['backtest', 'alerting'])).toBe(7 * 86_400);
    expect(run(['backtest', '--window', '36h'])).toBe(36 * 3600);
    expect(run(['plan', '--backtest', '--window', '1d'])).toBe(86_400);
    expect(run(['plan'])).toBeUndefined();
    expect(usageMessage(['plan', '--window', '7d'])).toMatch(/--window' is the window of --backtest/);
    expect(usageMessage(['backtest', '--window', '31d'])).toMatch(
      /--window must be a duration from 1h to 30d/,
    );
    expect(usageMessage(['backtest', '--window', '90s'])).toMatch(/--window must be a duration/);
    expect(usageMessage(['backtest', '--backtest'])).toMatch(/'backtest' takes no --backtest/);
  });

  it('reads plan --live, with --all for every rule and --live-errors for errors', () => {
    const live = (argv: string[]) => {
      const parsed = parseCommandLine(argv);
      return parsed.kind === 'run' && parsed.args.command === 'plan'
        ? parsed.args.options.live
        : 'not a plan';
    };
    expect(live(['plan', '--live'])).toEqual({ scope: 'changed', asErrors: false });
    expect(live(['plan', '--live', '--all', '--live-errors'])).toEqual({ scope: 'all', asErrors: true });
    expect(live(['plan'])).toBeUndefined();
    expect(usageMessage(['plan', '--live-errors'])).toMatch(
      /--live-errors' makes the findings of --live errors/,
    );
    expect(usageMessage(['validate', '--live'])).toMatch(/'validate' takes no --live/);
  });

  it('defaults the paths to the current directory', () => {
    const parsed = parseCommandLine(['validate']);
    expect(parsed.kind === 'run' && parsed.args.command === 'validate' && parsed.args.options.paths).toEqual([
      '.',
    ]);
  });

  it('gives help and version', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'help', command: null });
    expect(parseCommandLine(['plan', '--help'])).toEqual({ kind: 'help', command: 'plan' });
    expect(parseCommandLine(['help', 'drift'])).toEqual({ kind: 'help', command: 'drift' });
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
  });

  it('refuses bad input with one line that names it', () => {
    expect(usageMessage(['deploy'])).toMatch(/unknown command 'deploy'/);
    expect(usageMessage(['plan', '--frobnicate'])).toMatch(/unknown option '--frobnicate' for 'plan'/);
    expect(usageMessage(['validate', '--api-url', 'https://x'])).toMatch(/'validate' takes no --api-url/);
    expect(usageMessage(['plan', '--format', 'yaml'])).toMatch(/--format must be one of text, json, github/);
    expect(usageMessage(['apply', '--concurrency', '0'])).toMatch(
      /--concurrency must be a whole number from 1 to 16/,
    );
    expect(usageMessage(['validate', '--format'])).toBe(
      "--format needs a value, e.g. --format <value> (see 'platform-gitops validate --help')",
    );
    expect(usageMessage(['plan', '--org', '--all'])).toMatch(/^--org needs a value/);
    expect(usageMessage(['plan', '--all=yes'])).toMatch(/^--all takes no value/);
    expect(usageMessage(['logs'])).toMatch(/needs --cluster/);
    expect(usageMessage(['export'])).toMatch(/needs --out/);
    expect(usageMessage(['export', '--out', 'x', 'extra'])).toMatch(/takes no paths/);
  });

  it('says "did you mean" for a typo of a command or an option', () => {
    expect(usageMessage(['validat'])).toMatch(/^unknown command 'validat'; did you mean 'validate'\?/);
    expect(usageMessage(['help', 'plna'])).toMatch(/did you mean 'plan'\?/);
    expect(usageMessage(['plan', '--detailed-exitcod'])).toMatch(
      /^unknown option '--detailed-exitcod' for 'plan'; did you mean '--detailed-exitcode'\?/,
    );
    expect(usageMessage(['plan', '--head', 'HEAD'])).toMatch(/^unknown option '--head' for 'plan'/);
  });

  it('checks ids locally: --org must be a UUID, before any request; --cluster is a name or an id', () => {
    expect(usageMessage(['plan', '--org', 'acme'])).toBe(
      "--org must be a UUID such as 7f1b2c3d-0000-4000-8000-000000000001, not 'acme'",
    );
    // As documents name clusters: `logs` resolves a name in the organization's cluster list.
    expect(parseCommandLine(['logs', '--cluster', 'prod-eu'])).toMatchObject({
      kind: 'run',
      args: { command: 'logs', options: { cluster: 'prod-eu' } },
    });
  });

  it("each command's help lists exactly the options the parser accepts for it", () => {
    for (const command of CLI_COMMANDS) {
      const listed = [...helpText(command).matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
      // An option with a meaning per command (--out, --org) has one entry per meaning: each listed once.
      const options = [...new Map(OPTIONS.map((o) => [o.name, o])).values()];
      const accepted = options
        .filter((o) => {
          const argv = [command, `--${o.name}`, ...(o.type === 'string' ? ['x'] : [])];
          try {
            parseCommandLine(argv);
            return true;
          } catch (error) {
            return !/takes no|unknown option/.test((error as Error).message);
          }
        })
        .map((o) => o.name);
      expect([...listed].sort(), command).toEqual([...accepted].sort());
      expect(new Set(listed).size, command).toBe(listed.length);
    }
    expect(helpText('validate')).not.toMatch(/--org|--api-url|--concurrency/);
  });

  it('never takes the token from an argument', () => {
    expect(usageMessage(['plan', '--token', 'qov_secret_value'])).toMatch(
      /QOVERY_API_TOKEN environment variable only/,
    );
    expect(usageMessage(['plan', '--token', 'qov_secret_value'])).not.toContain('qov_secret_value');
  });
});
