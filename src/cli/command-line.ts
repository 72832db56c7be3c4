import packageJson from '../../package.json' with { type: 'json' };
import { Redactor } from '../core/redact.js';
import { UsageError } from '../core/usage-error.js';
import { ApiError } from '../service/errors.js';
import { parseCommandLine } from './args.js';
import { isCliCommand } from './cli-command.js';
import { helpText } from './help.js';
import { type CliIo, cliOutput } from './output.js';

/**
 * A stream whose reader went away (`platform-gitops plan | head`) takes no more text, and the run goes on:
 * a closed pipe is not a reason to stop an apply between two writes, nor to crash with EPIPE. Any other
 * error of the stream is still thrown.
 */
function writerOf(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

const processIo: CliIo = {
  stdout: writerOf(process.stdout),
  stderr: writerOf(process.stderr),
  env: process.env,
  isTty: Boolean(process.stdout.isTTY),
};

/** The command line face: parse, run one command, render its report, return the exit status. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const out = cliOutput(io);
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.kind === 'help') {
      out.stdout(helpText(parsed.command));
      return 0;
    }
    if (parsed.kind === 'version') {
      out.stdout(`platform-gitops ${packageJson.version}\n`);
      return 0;
    }
    const { runCli } = await import('./run-command.js');
    return await runCli(parsed.args, io);
  } catch (error) {
    // Even a bug's stack trace must not carry the token.
    const redactor = new Redactor();
    redactor.add(io.env.QOVERY_API_TOKEN);
    const known = error instanceof UsageError || error instanceof ApiError;
    // A script that asked for JSON parses stdout whatever happened: it gets an object there too.
    if (asksForJson(argv)) {
      // Loaded only here: `--help` and the commands' start load no report code for it.
      const { JSON_OUTPUT_VERSION } = await import('../report/json-output.js');
      out.stdout(redactor.redact(jsonError(argv, error, known, JSON_OUTPUT_VERSION)));
    }
    if (known) {
      out.stderr(redactor.redact(`platform-gitops: ${error.message}\n`));
      return 1;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    out.stderr(
      redactor.redact(
        `platform-gitops: internal error (a bug): ${detail}\nPlease report it with the command you ran and this output.\n`,
      ),
    );
    return 1;
  }
}

/** `--format json` or `--format=json` anywhere on the line, even one the parser refused. */
function asksForJson(argv: readonly string[]): boolean {
  return argv.some((arg, i) => arg === '--format=json' || (arg === '--format' && argv[i + 1] === 'json'));
}

/**
 * The `--format json` object of a run that stopped before its report: the same `version`, `command` and
 * `exitCode` as a report's, and `error` saying why (docs/reference/json-output.md).
 */
function jsonError(argv: readonly string[], error: unknown, known: boolean, version: number): string {
  const command = isCliCommand(argv[0] ?? '') ? argv[0] : null;
  const kind = error instanceof UsageError ? 'usage' : error instanceof ApiError ? 'service' : 'internal';
  const message = known ? (error as Error).message : `internal error (a bug): ${String(error)}`;
  const output = { version, command, exitCode: 1, error: { kind, message } };
  return `${JSON.stringify(output, null, 2)}\n`;
}
