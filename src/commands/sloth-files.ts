/**
 * The Sloth SLO files an import found → one file of ServiceLevelObjective documents each
 * (`slo-<name>.yaml`), their findings, and the closing figures line. The mapping is
 * prometheus-rules/sloth-import.ts.
 */
import { basename } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { slug } from '../kinds/alert-rule/export-documents.js';
import type { ImportedFile } from '../prometheus-rules/import-rules.js';
import type { ImportOptions } from '../prometheus-rules/rules-import-options.js';
import { importSloth } from '../prometheus-rules/sloth-import.js';

export interface SlothSource {
  readonly file: string;
  readonly text: string;
}

export interface SlothFigures {
  readonly slos: number;
  readonly imported: number;
  readonly exact: number;
}

export function importSlothFiles(
  sources: readonly SlothSource[],
  options: ImportOptions,
): { files: ImportedFile[]; diagnostics: Diagnostic[]; figures: SlothFigures; line: string } {
  const files: ImportedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const figures = { slos: 0, imported: 0, exact: 0 };
  for (const source of sources) {
    const result = importSloth(source.file, source.text, options);
    diagnostics.push(...result.diagnostics);
    figures.slos += result.slos;
    figures.imported += result.imported;
    figures.exact += result.exact;
    if (result.text === null) continue;
    const name = `slo-${slug(basename(source.file).replace(/\.ya?ml$/i, ''))}.yaml`;
    files.push({
      fileName: name,
      text: result.text,
      source: source.file,
      group: 'sloth',
      documents: result.imported,
    });
  }
  const line =
    `${plural(figures.slos, 'Sloth SLO')}: ${figures.imported} imported as ServiceLevelObjective ` +
    `(${figures.exact} exactly, ${figures.imported - figures.exact} with reported losses), ` +
    `${figures.slos - figures.imported} not imported`;
  return { files, diagnostics, figures, line };
}
