/** The command line face. Parses arguments, runs one command, renders its report, returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  process.stderr.write(`platform-gitops: not yet implemented (${argv.join(' ')})\n`);
  return 1;
}
