import { DEFAULT_BACKTEST_MAX_RULES } from '../backtest/window.js';
import type { ExitPolicy } from '../run/exit-code.js';
import type { CommandName, OutputFormat } from '../run/types.js';
import type { ReportCommand } from '../runtime/dispatch.js';
import type { CliRuntimeArgs } from './cli-runtime.js';
import type { CliArgsOf } from './commands/cli-args.js';
import type { ExportDocumentsCliOptions } from './commands/export-options.js';
import type { PlanCliOptions } from './commands/plan-options.js';
import {
  DEFAULT_CONCURRENCY,
  type DocumentsCliOptions,
  type PlanningCliOptions,
  type ServiceCliOptions,
  type ShownAs,
} from './commands/shared-options.js';

/**
 * The commands of the command line that run in the runtime both faces share: those that yield a RunReport
 * (src/runtime/dispatch.ts), and `logs`, whose report carries its entries.
 */
export type ReportCliArgs =
  | CliArgsOf<'validate' | 'plan' | 'backtest' | 'apply' | 'drift' | 'logs' | 'receivers'>
  | { readonly command: 'export'; readonly options: ExportDocumentsCliOptions };

export interface LogsRequest {
  readonly command: 'logs';
  readonly clusterId: string;
  readonly entries: number;
}

/** One such command as the run takes it: its runtime, what it runs, and how its report is shown and judged. */
export interface ReportRun {
  readonly runtime: CliRuntimeArgs;
  readonly request: ReportCommand | LogsRequest;
  readonly policy: ExitPolicy;
  readonly format: OutputFormat;
  readonly verbose: boolean;
}

/** The policy of the commands that take neither --fail-on nor --detailed-exitcode. */
const NO_POLICY = { failOn: 'error', detailedExitcode: false } as const;

/** `validate` is offline: no address, and the organization only as the environment gives it. */
const OFFLINE = { apiUrl: undefined, organizationId: undefined, concurrency: DEFAULT_CONCURRENCY } as const;

/** The command line's view of a command (its options) into the run's (the runtime's and the dispatcher's). */
export function reportRunOf(args: ReportCliArgs): ReportRun {
  switch (args.command) {
    case 'validate': {
      const { root, paths, ignore, allowEmpty } = args.options;
      const runtime = { command: 'validate', root, paths, ignore, allowEmpty, ...OFFLINE } as const;
      return documentsRun(args.options, runtime, { command: 'validate' });
    }
    case 'plan': {
      const o = args.options;
      const { allComponents, rotateSecrets, detailedExitcode } = o;
      const runtime = { ...planningRuntime('plan', o), base: o.base, allComponents, rotateSecrets };
      const run = documentsRun(o, runtime, planRequest(o));
      return { ...run, policy: { ...run.policy, detailedExitcode } };
    }
    case 'backtest': {
      // A plan with its backtest: the same run, the report of a plan.
      const o = args.options;
      const backtest = { windowSeconds: o.windowSeconds, maxRules: DEFAULT_BACKTEST_MAX_RULES };
      return documentsRun(o, { ...planningRuntime('plan', o), base: o.base }, { command: 'plan', backtest });
    }
    case 'apply': {
      const o = args.options;
      if (o.from === 'saved-plan') {
        const request = { command: 'apply', planFile: o.planFile, strict: o.strict } as const;
        return documentsRun(o, planningRuntime('apply', o), request);
      }
      const { base, allComponents, prune, rotateSecrets } = o;
      const runtime = { ...planningRuntime('apply', o), base, allComponents, prune, rotateSecrets };
      return documentsRun(o, runtime, { command: 'apply' });
    }
    case 'drift': {
      const o = args.options;
      const { resolution } = o;
      const request: ReportCommand =
        resolution.kind === 'write'
          ? { command: 'drift', remediate: false, adopt: { into: resolution.adoptInto ?? null, tree: true } }
          : { command: 'drift', remediate: resolution.kind === 'remediate' };
      return documentsRun(o, { ...planningRuntime('drift', o), base: o.base }, request);
    }
    case 'logs': {
      const { cluster, entries } = args.options;
      return serviceRun(args.options, 'logs', undefined, { command: 'logs', clusterId: cluster, entries });
    }
    case 'export': {
      const { root, outDir } = args.options;
      return serviceRun(args.options, 'export', root, { command: 'export', outDir });
    }
    case 'receivers': {
      // `receivers test NAME…` takes names, not paths: its documents are read from the root.
      const { root, names, message } = args.options;
      const request = {
        command: 'test-receivers',
        names,
        ...(message !== undefined ? { message } : {}),
      } as const;
      return serviceRun(args.options, 'test-receivers', root, request);
    }
  }
}

/** A command that reads documents: --fail-on and --verbose are its own. */
function documentsRun(
  options: ShownAs & DocumentsCliOptions,
  runtime: CliRuntimeArgs,
  request: ReportCommand,
): ReportRun {
  const { failOn, format, verbose } = options;
  return { runtime, request, policy: { ...NO_POLICY, failOn }, format, verbose };
}

/** A command of the service that takes no paths: what documents it reads, it reads from the root. */
function serviceRun(
  options: ShownAs & ServiceCliOptions,
  command: 'logs' | 'export' | 'test-receivers',
  root: string | undefined,
  request: ReportRun['request'],
): ReportRun {
  const runtime = serviceRuntime(command, options, root);
  return { runtime, request, policy: NO_POLICY, format: options.format, verbose: false };
}

/** The runtime of a command that uses the service and plans nothing: its address, organization and root. */
export function serviceRuntime(
  command: CommandName,
  service: ServiceCliOptions,
  root: string | undefined,
  paths: readonly string[] = ['.'],
): CliRuntimeArgs {
  const { apiUrl, organizationId } = service;
  return { command, root, paths, apiUrl, organizationId, concurrency: DEFAULT_CONCURRENCY };
}

function planningRuntime(command: 'plan' | 'apply' | 'drift', options: PlanningCliOptions): CliRuntimeArgs {
  const { root, paths, apiUrl, organizationId, ignore, allowEmpty, concurrency } = options;
  return { command, root, paths, apiUrl, organizationId, ignore, allowEmpty, concurrency };
}

function planRequest(o: PlanCliOptions): ReportCommand {
  const backtest =
    o.backtest === undefined
      ? {}
      : { backtest: { windowSeconds: o.backtest.windowSeconds, maxRules: DEFAULT_BACKTEST_MAX_RULES } };
  const live = o.live === undefined ? {} : { live: o.live };
  return o.out === undefined
    ? { command: 'plan', ...backtest, ...live }
    : { command: 'plan', out: o.out, ...backtest, ...live };
}
