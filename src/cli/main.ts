import packageJson from '../../package.json' with { type: 'json' };
import { runApply } from '../commands/apply.js';
import { runDrift } from '../commands/drift.js';
import { exitCodeFor } from '../commands/exit-code.js';
import { runExport } from '../commands/export.js';
import { runLogs } from '../commands/logs.js';
import { runPlan } from '../commands/plan.js';
import { runSandboxCommand } from '../commands/sandbox.js';
import type { RunReport } from '../commands/types.js';
import { runValidate } from '../commands/validate.js';
import { UsageError } from '../core/errors.js';
import { Redactor } from '../core/redact.js';
import { renderLogsText } from '../logs/text.js';
import { renderJson } from '../report/json-output.js';
import { ApiError } from '../service/errors.js';
import { type CliArgs, parseCommandLine } from './args.js';
import { createCliRuntime } from './context.js';
import { runDemo } from './demo.js';
import { helpText } from './help.js';
import { renderReport } from './render.js';

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

function useColor(args: CliArgs, io: CliIo): boolean {
  if (args.color !== undefined) return args.color;
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  return io.isTty && args.format === 'text';
}

async function runCommand(args: CliArgs, io: CliIo): Promise<number> {
  if (args.command === 'sandbox') {
    await runSandboxCommand({ port: args.port, seed: args.seed, print: (line) => io.stdout(`${line}\n`) });
    return 0;
  }
  const color = useColor(args, io);
  if (args.command === 'demo') return runDemo({ print: (text) => io.stdout(text), color });

  const runtime = createCliRuntime(args, io.env, (line) => io.stderr(`${line}\n`));
  const { context } = runtime;
  const policy = { failOn: args.failOn, detailedExitcode: args.detailedExitcode };
  try {
    let report: RunReport;
    switch (args.command) {
      case 'validate':
        report = await runValidate(context);
        break;
      case 'plan':
        report = await runPlan(context);
        break;
      case 'apply':
        report = await runApply(context);
        break;
      case 'drift':
        report = await runDrift(context, { remediate: args.remediate });
        break;
      case 'export':
        report = await runExport(context, { outDir: args.outDir ?? '' });
        break;
      case 'logs': {
        const result = await runLogs(context, { clusterId: args.clusterId ?? '', entries: args.entries });
        if (args.format === 'json') {
          // One JSON object: the run's usual fields plus the log entries.
          const output = JSON.parse(renderJson(result.report, context.redactor, policy));
          output.logs = JSON.parse(context.redactor.redact(JSON.stringify(result.logs)));
          io.stdout(`${JSON.stringify(output, null, 2)}\n`);
        } else {
          io.stdout(renderLogsText([result.logs], { redactor: context.redactor }));
          if (result.report.diagnostics.length > 0) {
            io.stderr(
              renderReport(result.report, { format: 'text', color, redactor: context.redactor, policy }),
            );
          }
        }
        return exitCodeFor(result.report, policy);
      }
    }
    io.stdout(renderReport(report, { format: args.format, color, redactor: context.redactor, policy }));
    return exitCodeFor(report, policy);
  } finally {
    await runtime.close();
  }
}

/** The command line face: parse, run one command, render its report, return the exit status. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.kind === 'help') {
      io.stdout(helpText(parsed.command));
      return 0;
    }
    if (parsed.kind === 'version') {
      io.stdout(`platform-gitops ${packageJson.version}\n`);
      return 0;
    }
    return await runCommand(parsed.args, io);
  } catch (error) {
    // Even a bug's stack trace must not carry the token.
    const redactor = new Redactor();
    redactor.add(io.env.QOVERY_API_TOKEN);
    if (error instanceof UsageError || error instanceof ApiError) {
      io.stderr(redactor.redact(`platform-gitops: ${error.message}\n`));
      return 1;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(
      redactor.redact(
        `platform-gitops: internal error (a bug): ${detail}\nPlease report it with the command you ran and this output.\n`,
      ),
    );
    return 1;
  }
}
