import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { missingFromPackage, packagePathsIn } from '../../../scripts/package-paths.mjs';
import { CLI_COMMANDS } from '../../../src/cli/cli-command.js';
import { helpText } from '../../../src/cli/help.js';
import { runSandboxCommand } from '../../../src/commands/sandbox.js';

/** A path the package ships: one of package.json's "files", or under one. */
const shipped = (path: string) =>
  packageJson.files.some((entry) => path === entry || path.startsWith(`${entry}/`));

/** What `sandbox` prints up to its stop, in this process. */
async function sandboxOutput(): Promise<string> {
  const lines: string[] = [];
  const stop = new AbortController();
  await runSandboxCommand({
    port: 0,
    signal: stop.signal,
    print: (line) => {
      lines.push(line);
      if (line.startsWith('stop it with')) stop.abort();
    },
  });
  return lines.join('\n');
}

describe('the package names only files it ships', () => {
  it('finds the paths a text names', () => {
    expect(
      packagePathsIn(
        'see docs/sandbox.md. ids: /x/node_modules/platform-gitops/fixtures/sandbox, and docs/a.md',
      ),
    ).toEqual(['docs/sandbox.md', 'fixtures/sandbox', 'docs/a.md']);
    expect(missingFromPackage('docs/sandbox.md and fixtures/example', shipped)).toEqual(['docs/sandbox.md']);
  });

  it('in the sandbox hints and every help text', async () => {
    const texts = [
      await sandboxOutput(),
      helpText(null),
      ...CLI_COMMANDS.map((command) => helpText(command)),
    ];
    expect(missingFromPackage(texts.join('\n'), shipped)).toEqual([]);
    expect(texts[0]).toMatch(/seeded organizations, tokens and ids: \S*fixtures\/sandbox$/m);
  });
});
