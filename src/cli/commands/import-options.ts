import type { ImportCommandOptions } from '../../commands/import.js';
import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import { type ShownAs, shownAs } from './shared-options.js';

/**
 * `import FILE|DIR… --cluster NAME|ID --receiver ID|NAME --out DIR`: offline, the fields of the command's
 * own options (src/commands/import.ts), which checks what the imported documents need (a cluster,
 * receivers, --out or --dry-run) and reads these as written. `paths` holds at least one.
 */
export interface ImportCliOptions
  extends ShownAs,
    Pick<
      ImportCommandOptions,
      'paths' | 'cluster' | 'target' | 'receivers' | 'severityMap' | 'outDir' | 'dryRun'
    > {}

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
