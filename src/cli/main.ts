import packageJson from '../../package.json' with { type: 'json' };
import { UsageError } from '../core/errors.js';
import { Redactor } from '../core/redact.js';
import { ApiError } from '../service/errors.js';
import { parseCommandLine } from './args.js';
import { helpText } from './help.js';
import { cliOutput } from './output.js';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly isTty: boolean;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
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
    if (error instanceof UsageError || error instanceof ApiError) {
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
