/** The options of the commands that use the service without reading documents to plan: logs and receivers. */
import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import {
  refusePaths,
  type ServiceCliOptions,
  type ShownAs,
  serviceOptions,
  shownAs,
} from './shared-options.js';

/** `logs --cluster NAME|ID`: the newest entries of the cluster's latest failed or running deployment. */
export interface LogsCliOptions extends ShownAs, ServiceCliOptions {
  /** By name or id, as documents name clusters: the command resolves it. */
  readonly cluster: string;
  readonly entries: number;
}

/** `receivers test [NAME…]`: its documents are read from the root, so it takes names, not paths. */
export interface ReceiversCliOptions extends ShownAs, ServiceCliOptions {
  readonly root: string | undefined;
  /** The receivers named (empty: those the repository declares). */
  readonly names: readonly string[];
  /** The test message's text as written; the service's own when undefined. */
  readonly message: string | undefined;
}

export function parseLogsOptions(values: OptionValues, positionals: readonly string[]): LogsCliOptions {
  refusePaths('logs', positionals);
  if (!values.given('cluster')) throw new UsageError("'logs' needs --cluster NAME|ID");
  const shown = shownAs(values);
  const service = serviceOptions(values);
  const cluster = values.text('cluster')!;
  return { ...shown, ...service, cluster, entries: values.integer('entries', 50, 1, 1000) };
}

export function parseReceiversOptions(
  values: OptionValues,
  positionals: readonly string[],
): ReceiversCliOptions {
  const [action, ...names] = positionals;
  if (action !== 'test') {
    const found = action === undefined ? 'nothing' : `'${action}'`;
    throw new UsageError(`'receivers' takes the action to run first: receivers test [NAME…] (got ${found})`);
  }
  const shown = shownAs(values);
  const service = serviceOptions(values);
  return { ...shown, ...service, root: values.text('root'), names, message: values.raw('message') };
}
