import { exitCodeFor } from '../commands/exit-code.js';
import type { RunReport } from '../commands/types.js';
import { renderJson } from '../report/json-output.js';
import type { CliArgs } from './args.js';
import { createCliRuntime } from './context.js';
import type { CliIo } from './main.js';
import { renderReport } from './render.js';

/**
 * Runs one parsed command. Each command's code is loaded when it runs (dynamic import): `validate` never
 * loads the HTTP client, `--help` loads nothing, and every command starts faster for it.
 */
function useColor(args: CliArgs, io: CliIo): boolean {
  if (args.color !== undefined) return args.color;
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  return io.isTty && args.format === 'text';
}

export async function runCommand(args: CliArgs, io: CliIo): Promise<number> {
  if (args.command === 'sandbox') {
    const { runSandboxCommand } = await import('../commands/sandbox.js');
    await runSandboxCommand({ port: args.port, seed: args.seed, print: (line) => io.stdout(`${line}\n`) });
    return 0;
  }
  const color = useColor(args, io);
  if (args.command === 'demo')
    return (await import('./demo.js')).runDemo({ print: (text) => io.stdout(text), color });

  const runtime = await createCliRuntime(args, io.env, (line) => io.stderr(`${line}\n`));
  const { context } = runtime;
  const policy = { failOn: args.failOn, detailedExitcode: args.detailedExitcode };
  try {
    let report: RunReport;
    switch (args.command) {
      case 'validate':
        report = await (await import('../commands/validate.js')).runValidate(context);
        break;
      case 'plan':
        report = await (await import('../commands/plan.js')).runPlan(context);
        break;
      case 'apply': {
        const lock = await (await import('../apply/lock-file.js')).acquireApplyLock(context.root);
        if (lock.takenOver) io.stderr(`${lock.takenOver}\n`);
        try {
          report = await (await import('../commands/apply.js')).runApply(context);
        } finally {
          await lock.release();
        }
        break;
      }
      case 'drift':
        report = await (await import('../commands/drift.js')).runDrift(context, {
          remediate: args.remediate,
        });
        break;
      case 'export':
        report = await (await import('../commands/export.js')).runExport(context, {
          outDir: args.outDir ?? '',
        });
        break;
      case 'logs': {
        const { runLogs } = await import('../commands/logs.js');
        const result = await runLogs(context, { clusterId: args.clusterId ?? '', entries: args.entries });
        if (args.format === 'json') {
          // One JSON object: the run's usual fields plus the log entries.
          const output = JSON.parse(renderJson(result.report, context.redactor, policy));
          // Entries are the service's text: the token and anything that looks like a credential are hidden.
          const { scrubDeep } = await import('../logs/scrub.js');
          output.logs = scrubDeep(result.logs, context.redactor);
          io.stdout(`${JSON.stringify(output, null, 2)}\n`);
        } else {
          const { renderLogsText } = await import('../logs/text.js');
          io.stdout(renderLogsText([result.logs], { redactor: context.redactor }));
          // The text already says why the logs could not be fetched and carries the notices; the exit
          // status says the rest. Only the request count goes to stderr, as for the other commands.
          const seconds = (result.report.durationMs / 1000).toFixed(1);
          const total = result.report.requests.total;
          io.stderr(`${total} ${total === 1 ? 'request' : 'requests'} to the service; ${seconds} s.\n`);
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
