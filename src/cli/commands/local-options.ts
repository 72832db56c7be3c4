/** The options of the commands that run on this machine alone: sandbox, demo, init. */
import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import { colorOf, refusePaths } from './shared-options.js';

export interface SandboxCliOptions {
  /** On 127.0.0.1; 0: any free port. */
  readonly port: number;
  /** The directory of the state to start from; the built-in one when undefined. */
  readonly seed: string | undefined;
}

export interface DemoCliOptions {
  readonly color: boolean | undefined;
}

export interface InitCliOptions {
  /** The directory set up. */
  readonly dir: string;
  readonly dryRun: boolean;
  /** The commit of the action the workflow pins, lower case. */
  readonly pinSha: string | undefined;
  /** `--from-org ID`: the organization's live alert rules instead of the example rule, from this service. */
  readonly fromOrg: { readonly organizationId: string; readonly apiUrl: string | undefined } | undefined;
}

export function parseSandboxOptions(values: OptionValues, positionals: readonly string[]): SandboxCliOptions {
  refusePaths('sandbox', positionals);
  const port = values.integer('port', 0, 0, 65535);
  return { port, seed: values.text('seed') };
}

export function parseDemoOptions(values: OptionValues, positionals: readonly string[]): DemoCliOptions {
  refusePaths('demo', positionals);
  return { color: colorOf(values) };
}

export function parseInitOptions(values: OptionValues, positionals: readonly string[]): InitCliOptions {
  if (positionals.length > 1) throw new UsageError(`'init' takes one directory, got ${positionals.length}`);
  const apiUrl = values.text('api-url');
  const organizationId = values.uuid('from-org');
  return {
    dir: positionals[0] ?? '.',
    dryRun: values.flag('dry-run'),
    pinSha: values.text('pin-sha')?.toLowerCase(),
    fromOrg: organizationId === undefined ? undefined : { organizationId, apiUrl },
  };
}
