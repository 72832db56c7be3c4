import { realpath } from 'node:fs/promises';
import { renderJson } from '../report/json-output.js';
import { requestsSentence } from '../report/requests-line.js';
import { type ExitPolicy, exitCodeFor } from '../run/exit-code.js';
import type { RunReport } from '../run/reports.js';
import type { OutputFormat, RunContext } from '../run/types.js';
import { dispatch } from '../runtime/dispatch.js';
import { createCliRuntime } from './cli-runtime.js';
import type { CliArgs } from './commands/cli-args.js';
import type { ExportRulesCliOptions } from './commands/export-options.js';
import type { ImportCliOptions } from './commands/import-options.js';
import type { InitCliOptions } from './commands/local-options.js';
import { type CliIo, type CliOutput, cliOutput } from './output.js';
import { writeReport } from './render.js';
import { type LogsRequest, type ReportRun, reportRunOf, serviceRuntime } from './report-run.js';
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
  const { options } = args;
  // The commands without --color print no report: as the terminal says, like text.
  const asked = 'color' in options ? options.color : undefined;
  const format: OutputFormat = 'format' in options ? options.format : 'text';
  if (asked !== undefined) return asked;
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  return io.isTty && format === 'text';
}

export async function runCli(args: CliArgs, io: CliIo): Promise<number> {
  const color = useColor(args, io);
  // Every write below goes through the output boundary; colours only where the run asked for them.
  const out = cliOutput(io, { color });
  switch (args.command) {
    case 'sandbox': {
      const { runSandboxCommand } = await import('../commands/sandbox.js');
      const { port, seed } = args.options;
      await runSandboxCommand({ port, seed, print: (line) => out.stdout(`${line}\n`) });
      return 0;
    }
    case 'init':
      return runInitCommand(args.options, io.env, out);
    case 'import':
      return runImport(args.options, color, out);
    case 'demo':
      return (await import('./demo.js')).runDemo({ print: (text) => out.stdout(text), color });
    case 'export': {
      const { options } = args;
      if (options.form === 'prometheus-rules') return runExportRules(options, io.env, out);
      return runReport(reportRunOf({ command: 'export', options }), color, io.env, out);
    }
    default:
      return runReport(reportRunOf(args), color, io.env, out);
  }
}

async function runReport(
  run: ReportRun,
  color: boolean,
  env: NodeJS.ProcessEnv,
  out: CliOutput,
): Promise<number> {
  const runtime = await createCliRuntime(run.runtime, env, out.progress);
  const { context } = runtime;
  const { policy, request } = run;
  try {
    if (request.command === 'logs') return await runLogsCommand(request, run.format, out, context, policy);
    // Two applies of one work tree at once would both create what the plan creates: the second waits for no one.
    const lock =
      request.command === 'apply'
        ? await (await import('../apply/lock-file.js')).acquireApplyLock(context.root)
        : null;
    if (lock?.takenOver) out.progress(lock.takenOver);
    let report: RunReport;
    try {
      report = await dispatch(request, context);
    } finally {
      await lock?.release();
    }
    const render = { format: run.format, color, redactor: context.redactor, policy, verbose: run.verbose };
    // Text is read in this terminal: files named from where the paths given were read (the working
    // directory, or the root of a `--root` it lies outside of). JSON and workflow commands keep the root's.
    const from = context.pathsFrom ?? (await workingDirectory());
    const shown = run.format === 'text' ? namedFromWorkingDirectory(report, context.root, from) : report;
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
async function runInitCommand(
  options: InitCliOptions,
  env: NodeJS.ProcessEnv,
  out: CliOutput,
): Promise<number> {
  const { runInit } = await import('../commands/init.js');
  const { fromOrg } = options;
  const runtime = fromOrg
    ? await createCliRuntime(serviceRuntime('export', fromOrg, undefined, [options.dir]), env, () => {})
    : null;
  try {
    return await runInit({
      dir: options.dir,
      dryRun: options.dryRun,
      pinSha: options.pinSha ?? null,
      fromOrg:
        runtime && fromOrg
          ? { organizationId: fromOrg.organizationId, service: runtime.context.service }
          : null,
      print: (text) => out.stdout(text),
      warn: (line) => out.progress(`platform-gitops: ${line}`),
    });
  } finally {
    await runtime?.close();
  }
}

/** `import`: offline, the rule files named on the command line (src/commands/import.ts). */
async function runImport(options: ImportCliOptions, color: boolean, out: CliOutput): Promise<number> {
  return (await import('../commands/import.js')).runImportCommand({
    paths: options.paths,
    cwd: process.cwd(),
    cluster: options.cluster,
    target: options.target,
    receivers: options.receivers,
    severityMap: options.severityMap,
    outDir: options.outDir,
    dryRun: options.dryRun,
    format: options.format,
    color,
    print: (text) => out.stdout(text),
    commands: out.commands,
  });
}

/**
 * `export --format prometheus-rules`: offline, the documents under the paths; with --org, the
 * organization's live rules through the service (src/commands/export-rules.ts).
 */
async function runExportRules(
  options: ExportRulesCliOptions,
  env: NodeJS.ProcessEnv,
  out: CliOutput,
): Promise<number> {
  const { source } = options;
  const paths = source.kind === 'documents' ? source.paths : ['.'];
  const where = await resolveRunRoot(options.root, paths, process.cwd());
  const common = {
    root: where.root,
    paths,
    from: where.from,
    readOutsideRoot: where.outsideRepository,
    ignore: [],
    outFile: options.outFile,
    print: (text: string) => out.stdout(text),
    warn: (text: string) => out.stderr(text),
  };
  const { runExportRulesCommand } = await import('../commands/export-rules.js');
  if (source.kind === 'documents') return runExportRulesCommand(common);
  const runtime = await createCliRuntime(serviceRuntime('export', source, options.root), env, out.progress);
  try {
    const organization = { id: source.organizationId, client: runtime.context.service() };
    return await runExportRulesCommand({ ...common, organization });
  } finally {
    await runtime.close();
  }
}

async function runLogsCommand(
  request: LogsRequest,
  format: OutputFormat,
  out: CliOutput,
  context: RunContext,
  policy: ExitPolicy,
): Promise<number> {
  const { runLogs } = await import('../commands/logs.js');
  const result = await runLogs(context, { clusterId: request.clusterId, entries: request.entries });
  if (format === 'json') {
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
