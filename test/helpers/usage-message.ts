import { expect } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { UsageError } from '../../src/core/usage-error.js';

/** The line the command line refuses `argv` with; a test fails when it is not refused, or not as a usage error. */
export function usageMessage(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`expected a UsageError: ${argv.join(' ')}`);
}
