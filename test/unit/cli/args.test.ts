import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../src/cli/args.js';
import { UsageError } from '../../../src/core/errors.js';

function usageMessage(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it('reads a plan with paths and options', () => {
    const parsed = parseCommandLine(['plan', 'alerting', 'components', '--org', 'o1', '--detailed-exitcode']);
    expect(parsed.kind).toBe('run');
    if (parsed.kind !== 'run') return;
    expect(parsed.args).toMatchObject({
      command: 'plan',
      paths: ['alerting', 'components'],
      organizationId: 'o1',
      detailedExitcode: true,
      format: 'text',
      concurrency: 4,
    });
  });

  it('defaults the paths to the current directory', () => {
    const parsed = parseCommandLine(['validate']);
    expect(parsed.kind === 'run' && parsed.args.paths).toEqual(['.']);
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

  it('never takes the token from an argument', () => {
    expect(usageMessage(['plan', '--token', 'qov_secret_value'])).toMatch(
      /QOVERY_API_TOKEN environment variable only/,
    );
    expect(usageMessage(['plan', '--token', 'qov_secret_value'])).not.toContain('qov_secret_value');
  });
});
