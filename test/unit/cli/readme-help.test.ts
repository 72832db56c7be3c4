/**
 * The command line's help, as a reader finds it in the documentation: the README shows none of its own (a
 * copy would drift), and the generated reference (docs/reference/cli.md, checked against the option table by
 * `npm run check-docs`) gives each command its own words where two commands share a flag: one `--cluster`
 * line for two commands, `--out` marked required where it is not, were help that described other options
 * than the command takes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../src/cli/cli-command.js';
import { helpText } from '../../../src/cli/help.js';
import { REPOSITORY_ROOT } from '../../helpers/repository.js';

const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), 'utf8');

/** The lines of one command's help that describe `flag`. */
function flagLines(command: CliCommand, flag: string): string[] {
  return helpText(command)
    .split('\n')
    .filter((line) => line.trimStart().startsWith(flag));
}

describe('the help of the command line', () => {
  it('is not copied into the README, which links the generated reference instead', () => {
    expect(read('README.md')).not.toMatch(/```\nUsage: platform-gitops /);
  });

  it('gives each command its own words for a flag two commands share', () => {
    const [logs] = flagLines('logs', '--cluster');
    const [imports] = flagLines('import', '--cluster');
    expect(logs).toContain('log');
    expect(imports).toContain('imported');
    expect(logs).not.toBe(imports);
    expect(helpText('export').replace(/\s+/g, ' ')).toContain(
      '(required, except with --format prometheus-rules',
    );
    const reference = read('docs/reference/cli.md');
    expect(reference).toContain('the cluster whose deployment logs to show');
    expect(reference).toContain('the cluster the imported rules watch');
  });
});
