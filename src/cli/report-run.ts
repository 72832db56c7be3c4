import { DEFAULT_BACKTEST_MAX_RULES } from '../backtest/window.js';
import type { ExitPolicy } from '../run/exit-code.js';
import type { OutputFormat } from '../run/types.js';
import type { ReportCommand } from '../runtime/dispatch.js';
import type { CliRuntimeArgs } from './cli-runtime.js';
import type { CliArgsOf } from './commands/cli-args.js';
import type { ExportDocumentsCliOptions } from './commands/export-options.js';
import type { PlanCliOptions } from './commands/plan-options.js';
import { DEFAULT_CONCURRENCY } from './commands/shared-options.js';

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

/** Only the documents' commands take --fail-on, and only plan --detailed-exitcode. */
const NO_POLICY = { failOn: 'error', detailedExitcode: false } as const;

/** `validate` is offline: no address, and the organization only as the environment gives it. */
const serviceless = {
  apiUrl: undefined,
  organizationId: undefined,
  concurrency: DEFAULT_CONCURRENCY,
} as const;

/** The command line's view of a command (its options) into the run's (the runtime's and the dispatcher's). */
export function reportRunOf(args: ReportCliArgs): ReportRun {
  const shown = { format: args.options.format, verbose: false };
  switch (args.command) {
    case 'validate': {
      const { root, paths, ignore, allowEmpty, failOn, verbose } = args.options;
      return {
        runtime: { command: 'validate', root, paths, ignore, allowEmpty, ...serviceless },
        request: { command: 'validate' },
        policy: { ...NO_POLICY, failOn },
        ...shown,
        verbose,
      };
    }
    case 'plan': {
      const o = args.options;
      return {
        runtime: {
          ...planningRuntime('plan', o),
          allComponents: o.allComponents,
          rotateSecrets: o.rotateSecrets,
        },
        request: planRequest(o),
        policy: { failOn: o.failOn, detailedExitcode: o.detailedExitcode },
        ...shown,
        verbose: o.verbose,
      };
    }
    case 'backtest': {
      // A plan with its backtest: the same run, the report of a plan.
      const o = args.options;
      const backtest = { windowSeconds: o.windowSeconds, maxRules: DEFAULT_BACKTEST_MAX_RULES };
      return {
        runtime: planningRuntime('plan', o),
        request: { command: 'plan', backtest },
        policy: { ...NO_POLICY, failOn: o.failOn },
        ...shown,
        verbose: o.verbose,
      };
    }
    case 'apply': {
      const o = args.options;
      const runtime: CliRuntimeArgs =
        o.from === 'saved-plan'
          ? planningRuntime('apply', o)
          : {
              ...planningRuntime('apply', o),
              allComponents: o.allComponents,
              prune: o.prune,
              rotateSecrets: o.rotateSecrets,
            };
      const request: ReportCommand =
        o.from === 'saved-plan'
          ? { command: 'apply', planFile: o.planFile, strict: o.strict }
          : { command: 'apply' };
      return { runtime, request, policy: { ...NO_POLICY, failOn: o.failOn }, ...shown, verbose: o.verbose };
    }
    case 'drift': {
      const o = args.options;
      const { resolution } = o;
      const request: ReportCommand =
        resolution.kind === 'write'
          ? { command: 'drift', remediate: false, adopt: { into: resolution.adoptInto ?? null, tree: true } }
          : { command: 'drift', remediate: resolution.kind === 'remediate' };
      return {
        runtime: planningRuntime('drift', o),
        request,
        policy: { ...NO_POLICY, failOn: o.failOn },
        ...shown,
        verbose: o.verbose,
      };
    }
    case 'logs': {
      const { apiUrl, organizationId, cluster, entries } = args.options;
      return {
        runtime: {
          command: 'logs',
          root: undefined,
          paths: ['.'],
          apiUrl,
          organizationId,
          concurrency: DEFAULT_CONCURRENCY,
        },
        request: { command: 'logs', clusterId: cluster, entries },
        policy: NO_POLICY,
        ...shown,
      };
    }
    case 'export': {
      const { root, apiUrl, organizationId, outDir } = args.options;
      return {
        runtime: {
          command: 'export',
          root,
          paths: ['.'],
          apiUrl,
          organizationId,
          concurrency: DEFAULT_CONCURRENCY,
        },
        request: { command: 'export', outDir },
        policy: NO_POLICY,
        ...shown,
      };
    }
    case 'receivers': {
      // `receivers test NAME…` takes names, not paths: its documents are read from the root.
      const { root, apiUrl, organizationId, names, message } = args.options;
      return {
        runtime: {
          command: 'test-receivers',
          root,
          paths: ['.'],
          apiUrl,
          organizationId,
          concurrency: DEFAULT_CONCURRENCY,
        },
        request: { command: 'test-receivers', names, ...(message !== undefined ? { message } : {}) },
        policy: NO_POLICY,
        ...shown,
      };
    }
  }
}

function planningRuntime(
  command: 'plan' | 'apply' | 'drift',
  o: CliArgsOf<'plan' | 'backtest' | 'apply' | 'drift'>['options'],
): CliRuntimeArgs {
  const base = 'base' in o ? o.base : undefined;
  return {
    command,
    root: o.root,
    paths: o.paths,
    apiUrl: o.apiUrl,
    organizationId: o.organizationId,
    base,
    ignore: o.ignore,
    allowEmpty: o.allowEmpty,
    concurrency: o.concurrency,
  };
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
