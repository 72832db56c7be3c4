/**
 * The README shows some commands' `--help` as the reader would see it: each such block is the help the
 * command prints today, so that the README cannot describe options that changed (one `--cluster` line
 * for two commands, `--out` marked required where it is not).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../src/cli/args.js';
import { helpText } from '../../../src/cli/help.js';
import { REPOSITORY_ROOT } from '../../helpers/repository.js';

const README = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');

/** Every fenced block of the README that starts as a command's help does, with its command. */
function helpBlocks(): { command: string; text: string }[] {
  return [...README.matchAll(/```\n(Usage: platform-gitops (\S+)[\s\S]*?)```/g)].map((m) => ({
    command: m[2]!,
    text: m[1]!,
  }));
}

describe("the README's help blocks", () => {
  it('are the help each command prints', () => {
    const blocks = helpBlocks();
    expect(blocks.map((b) => b.command)).toEqual(['import', 'export']);
    for (const { command, text } of blocks) expect(text).toBe(helpText(command as CliCommand));
  });
});
