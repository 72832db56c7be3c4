import { realpath } from 'node:fs/promises';
import { DEFAULT_BACKTEST_MAX_RULES } from '../backtest/window.js';
import { UsageError } from '../core/usage-error.js';
import { renderJson } from '../report/json-output.js';
import { requestsSentence } from '../report/requests-line.js';
import { type ExitPolicy, exitCodeFor } from '../run/exit-code.js';
import type { CommandName, RunContext, RunReport } from '../run/types.js';
import { dispatch, type ReportCommand } from '../runtime/dispatch.js';
import type { CliArgs } from './args.js';
import { createCliRuntime } from './cli-runtime.js';
import type { CliIo } from './command-line.js';
import { type CliOutput, cliOutput } from './output.js';
import { writeReport } from './render.js';
import { resolveRunRoot } from './root.js';
import { namedFromWorkingDirectory } from './working-directory.js';

/**
 * Runs one parsed command. The commands that yield a RunReport go through the dispatcher both faces share
 * (src/runtime/dispatch.ts); the command line's own commands, which yield no report (`sandbox`, `init`,
 * `demo`, `import`, `export --format prometheus-rules`, `logs`), are dispatched here, in runCli. Each
 * command's code is loaded when it runs (dynamic import): `validate` never loads the HTTP client, `--help`
 * loads nothing, and every command starts faster for it.
 */
function useColor(args: CliArgs, io: CliIo): boolean {
  if (args.color !== undefined) return args.color;
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  return io.isTty && args.format === 'text';
}

export async function runCli(args: CliArgs, io: CliIo): Promise<number> {
  const color = useColor(args, io);
  // Every write below goes through the output boundary; colours only where the run asked for them.
  const out = cliOutput(io, { color });
  if (args.command === 'sandbox') {
    const { runSandboxCommand } = await import('../commands/sandbox.js');
    await runSandboxCommand({ port: args.port, seed: args.seed, print: (line) => out.stdout(`${line}\n`) });
    return 0;
  }
  if (args.command === 'init') return runInitCommand(args, io.env, out);
  if (args.command === 'import') return runImport(args, color, out);
  if (args.command === 'export' && args.ruleFile) return runExportRules(args, io.env, out);
  if (args.command === 'demo')
    return (await import('./demo.js')).runDemo({ print: (text) => out.stdout(text), color });

  // `backtest` is a plan with its backtest: the same run, the report of a plan.
  const command: Exclude<CommandName, 'sandbox'> =
    args.command === 'receivers' ? 'test-receivers' : args.command === 'backtest' ? 'plan' : args.command;
  const runtime = await createCliRuntime({ ...args, command }, io.env, out.progress);
  const { context } = runtime;
  const policy = { failOn: args.failOn, detailedExitcode: args.detailedExitcode };
  try {
    if (command === 'logs') return await runLogsCommand(args, out, context, policy);
    // Two applies of one work tree at once would both create what the plan creates: the second waits for no one.
    const lock =
      args.command === 'apply'
        ? await (await import('../apply/lock-file.js')).acquireApplyLock(context.root)
        : null;
    if (lock?.takenOver) out.progress(lock.takenOver);
    let report: RunReport;
    try {
      report = await dispatch(reportCommand(args, command), context);
    } finally {
      await lock?.release();
    }
    const render = { format: args.format, color, redactor: context.redactor, policy, verbose: args.verbose };
    // Text is read in this terminal: files named from where the paths given were read (the working
    // directory, or the root of a `--root` it lies outside of). JSON and workflow commands keep the root's.
    const from = context.pathsFrom ?? (await workingDirectory());
    const shown = args.format === 'text' ? namedFromWorkingDirectory(report, context.root, from) : report;
    writeReport(shown, render, out);
    return exitCodeFor(report, policy);
  } finally {
    await runtime.close();
  }
}

/** The working directory as git names it (symlinks resolved), like the root it is compared with. */
function workingDirectory(): Promise<string> {
  return realpath(process.cwd()).catch(() => process.cwd());
}

/** `init`: the service is used (and the token needed) only with --from-org, to export its rules. */
async function runInitCommand(args: CliArgs, env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const { runInit } = await import('../commands/init.js');
  const runtime = args.fromOrg ? await createCliRuntime({ ...args, command: 'export' }, env, () => {}) : null;
  try {
    return await runInit({
      dir: args.paths[0] ?? '.',
      dryRun: args.dryRun,
      pinSha: args.pinSha ?? null,
      fromOrg:
        runtime && args.fromOrg ? { organizationId: args.fromOrg, service: runtime.context.service } : null,
      print: (text) => out.stdout(text),
      warn: (line) => out.progress(`platform-gitops: ${line}`),
    });
  } finally {
    await runtime?.close();
  }
}

/** `import`: offline, the rule files named on the command line (src/commands/import.ts). */
async function runImport(args: CliArgs, color: boolean, out: CliOutput): Promise<number> {
  return (await import('../commands/import.js')).runImportCommand({
    paths: args.paths,
    cwd: process.cwd(),
    cluster: args.clusterId,
    target: args.target,
    receivers: args.receivers,
    severityMap: args.severityMap,
    outDir: args.outDir,
    dryRun: args.dryRun,
    format: args.format,
    color,
    print: (text) => out.stdout(text),
    commands: out.commands,
  });
}

/**
 * `export --format prometheus-rules`: offline, the documents under the paths; with --org, the
 * organization's live rules through the service (src/commands/export-rules.ts).
 */
async function runExportRules(args: CliArgs, env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const where = await resolveRunRoot(args.root, args.paths, process.cwd());
  const options = {
    root: where.root,
    paths: args.paths,
    from: where.from,
    readOutsideRoot: where.outsideRepository,
    ignore: args.ignore,
    outFile: args.outDir,
    print: (text: string) => out.stdout(text),
    warn: (text: string) => out.stderr(text),
  };
  const { runExportRulesCommand } = await import('../commands/export-rules.js');
  if (args.organizationId === undefined) return runExportRulesCommand(options);
  if (args.paths.join() !== '.') {
    throw new UsageError(
      "'export --format prometheus-rules' writes the documents under PATH or, with --org, the organization's rules: not both",
    );
  }
  const runtime = await createCliRuntime({ ...args, command: 'export' }, env, out.progress);
  try {
    const organization = { id: args.organizationId, client: runtime.context.service() };
    return await runExportRulesCommand({ ...options, organization });
  } finally {
    await runtime.close();
  }
}

function reportCommand(args: CliArgs, command: Exclude<CommandName, 'logs' | 'sandbox'>): ReportCommand {
  switch (command) {
    case 'drift':
      return {
        command,
        remediate: args.remediate,
        ...(args.write ? { adopt: { into: args.adoptInto ?? null, tree: true } } : {}),
      };
    case 'export':
      return { command, outDir: args.outDir ?? '' };
    case 'plan': {
      const backtest =
        args.backtestWindow === undefined
          ? {}
          : { backtest: { windowSeconds: args.backtestWindow, maxRules: DEFAULT_BACKTEST_MAX_RULES } };
      const live = args.liveSeries === undefined ? {} : { live: args.liveSeries };
      return args.outDir === undefined
        ? { command, ...backtest, ...live }
        : { command, out: args.outDir, ...backtest, ...live };
    }
    case 'apply':
      return args.planFile === undefined
        ? { command }
        : { command, planFile: args.planFile, strict: args.strict };
    case 'test-receivers':
      return { command, names: args.names, ...(args.message !== undefined ? { message: args.message } : {}) };
    default:
      return { command };
  }
}

async function runLogsCommand(
  args: CliArgs,
  out: CliOutput,
  context: RunContext,
  policy: ExitPolicy,
): Promise<number> {
  const { runLogs } = await import('../commands/logs.js');
  const result = await runLogs(context, { clusterId: args.clusterId ?? '', entries: args.entries });
  if (args.format === 'json') {
    // One JSON object: the run's usual fields plus the log entries.
    const output = JSON.parse(renderJson(result.report, context.redactor, policy));
    // Entries are the service's text: the token and anything that looks like a credential are hidden.
    const { scrubDeep } = await import('../logs/scrub.js');
    output.logs = scrubDeep(result.logs, context.redactor);
    out.stdout(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    const { renderLogsText } = await import('../logs/text.js');
    out.stdout(renderLogsText([result.logs], { redactor: context.redactor }));
    // The text already says why the logs could not be fetched and carries the notices; the exit
    // status says the rest. The request count follows on stderr, so that stdout holds the entries alone
    // (the other commands end their text with it, on stdout).
    const seconds = (result.report.durationMs / 1000).toFixed(1);
    out.stderr(`${requestsSentence(result.report.requests)}; ${seconds} s.\n`);
  }
  return exitCodeFor(result.report, policy);
}
