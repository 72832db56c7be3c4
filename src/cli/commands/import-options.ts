import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import { type ShownAs, shownAs } from './shared-options.js';

/**
 * `import FILE|DIR… --cluster NAME|ID --receiver ID|NAME --out DIR`: offline. What the imported documents
 * need (a cluster, receivers, --out or --dry-run) is checked by the command (src/commands/import.ts), which
 * reads these as written.
 */
export interface ImportCliOptions extends ShownAs {
  /** The rule files or directories read: at least one. */
  readonly paths: readonly string[];
  readonly cluster: string | undefined;
  readonly target: string | undefined;
  readonly receivers: readonly string[];
  readonly severityMap: string | undefined;
  readonly outDir: string | undefined;
  readonly dryRun: boolean;
}

export function parseImportOptions(values: OptionValues, positionals: readonly string[]): ImportCliOptions {
  if (positionals.length === 0) {
    throw new UsageError("'import' needs the rule files or directories to read: import FILE|DIR… --out DIR");
  }
  const shown = shownAs(values);
  const cluster = values.text('cluster');
  const outDir = values.text('out');
  const target = values.text('target');
  return {
    ...shown,
    paths: positionals,
    cluster,
    target,
    receivers: values.list('receiver'),
    severityMap: values.text('severity-map'),
    outDir,
    dryRun: values.flag('dry-run'),
  };
}
