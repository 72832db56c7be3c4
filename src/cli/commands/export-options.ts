import { UsageError } from '../../core/usage-error.js';
import type { OptionValues } from '../option-values.js';
import {
  colorOf,
  pathsOf,
  refusePaths,
  type ServiceCliOptions,
  type ShownAs,
  serviceOptions,
  shownAs,
} from './shared-options.js';

/** `export --out DIR`: one document per alert rule of the organization, written under DIR. */
export interface ExportDocumentsCliOptions extends ShownAs, ServiceCliOptions {
  readonly form: 'documents';
  readonly root: string | undefined;
  readonly outDir: string;
}

/**
 * `export --format prometheus-rules`: a Prometheus rule file, of the documents under the paths (offline)
 * or of the organization's live rules (`--org`), never both.
 */
export interface ExportRulesCliOptions {
  readonly form: 'prometheus-rules';
  readonly color: boolean | undefined;
  readonly root: string | undefined;
  /** The rule file to write; stdout when undefined. */
  readonly outFile: string | undefined;
  readonly source:
    | { readonly kind: 'documents'; readonly paths: readonly string[] }
    | { readonly kind: 'organization'; readonly organizationId: string; readonly apiUrl: string | undefined };
}

export type ExportCliOptions = ExportDocumentsCliOptions | ExportRulesCliOptions;

export function parseExportOptions(values: OptionValues, positionals: readonly string[]): ExportCliOptions {
  if (values.raw('format') === 'prometheus-rules') return rulesOptions(values, positionals);
  refusePaths('export', positionals);
  if (!values.given('out')) throw new UsageError("'export' needs --out DIR");
  const shown = shownAs(values);
  const service = serviceOptions(values);
  const root = values.text('root');
  return { form: 'documents', ...shown, ...service, root, outDir: values.text('out')! };
}

function rulesOptions(values: OptionValues, positionals: readonly string[]): ExportRulesCliOptions {
  const { apiUrl, organizationId } = serviceOptions(values);
  const root = values.text('root');
  const outFile = values.text('out');
  const paths = pathsOf(positionals);
  const common = { form: 'prometheus-rules', color: colorOf(values), root, outFile } as const;
  if (organizationId === undefined) return { ...common, source: { kind: 'documents', paths } };
  if (paths.join() !== '.') {
    throw new UsageError(
      "'export --format prometheus-rules' writes the documents under PATH or, with --org, the organization's rules: not both",
    );
  }
  return { ...common, source: { kind: 'organization', organizationId, apiUrl } };
}
