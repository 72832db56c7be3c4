/**
 * `import FILE|DIR…`: Prometheus rule files and PrometheusRule resources → AlertRule documents, one file
 * per group in --out DIR (or printed with --dry-run). The mapping is src/prometheus-rules/; this reads the
 * files, writes the result and prints what was lost, at its line. Offline: no token, no service.
 */
import { resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import { decodeUtf8 } from '../documents/decode.js';
import { readFile as readBytes } from '../documents/file-system.js';
import { findFiles } from '../documents/find-files.js';
import { capFindings, formatSize, MAX_FILE_BYTES } from '../documents/limits.js';
import { RULES_IO_CODES } from '../prometheus-rules/codes.js';
import {
  IMPORTED_MARK,
  type ImportFigures,
  type ImportResult,
  importRules,
} from '../prometheus-rules/import-rules.js';
import { readRuleFile, type SourceGroup } from '../prometheus-rules/read-rules.js';
import { clusterReference, receiverReferences, targetReference } from '../prometheus-rules/references.js';
import { parseSeverityMap } from '../prometheus-rules/severity.js';
import { isSlothFile, SLOTH_IMPORTED_MARK } from '../prometheus-rules/sloth-import.js';
import { annotationLines, selectAnnotations } from '../report/annotations.js';
import { formatDiagnosticsText } from '../report/diagnostics-text.js';
import { JSON_OUTPUT_VERSION } from '../report/json-output.js';
import { filesInTheWay, writeFilesInto } from './out-directory.js';
import { importSlothFiles, type SlothSource } from './sloth-files.js';

export interface ImportCommandOptions {
  readonly paths: readonly string[];
  /** The directory relative paths (sources and --out) are read from; findings name files relative to it. */
  readonly cwd: string;
  readonly cluster: string | undefined;
  readonly target: string | undefined;
  readonly receivers: readonly string[];
  readonly severityMap: string | undefined;
  readonly outDir: string | undefined;
  readonly dryRun: boolean;
  readonly format: 'text' | 'json' | 'github';
  /** Colored findings in text output. */
  readonly color?: boolean;
  readonly print: (text: string) => void;
  /** Workflow commands of ours (the github form's annotations), one per line: the output boundary lets only these start a command. */
  readonly commands?: (lines: readonly string[]) => void;
  /** Monotonic milliseconds, for the time the import took. */
  readonly now?: () => number;
}

export interface ImportRun extends ImportResult {
  readonly sourceFiles: number;
  readonly durationMs: number;
}

/** Runs the command, prints its report and returns the exit status (1 when any finding is an error). */
export async function runImportCommand(options: ImportCommandOptions): Promise<number> {
  const cluster = clusterReference(options.cluster);
  const target = targetReference(options.target, cluster);
  const receivers = receiverReferences(options.receivers);
  let severityMap: ReturnType<typeof parseSeverityMap>;
  try {
    severityMap = parseSeverityMap(options.severityMap ?? '');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (options.outDir === undefined && !options.dryRun) {
    throw new UsageError("'import' needs --out DIR (or --dry-run to print the documents)");
  }
  const now = options.now ?? (() => performance.now());
  const started = now();
  const read = await readSources(options.cwd, options.paths);
  const result = importRules(read.groups, {
    cluster,
    target,
    receiverIds: receivers.ids,
    receiverNames: receivers.names,
    severityMap,
  });
  const sloth = importSlothFiles(read.sloth, {
    cluster,
    target,
    receiverIds: receivers.ids,
    receiverNames: receivers.names,
    severityMap,
  });
  const imported = { ...result, files: [...result.files, ...sloth.files] };
  const run: ImportRun = { ...imported, sourceFiles: read.files, durationMs: now() - started };
  const found = [...read.diagnostics, ...result.diagnostics, ...sloth.diagnostics].sort(compareDiagnostics);
  // At most the run's cap, as every command reports (one finding counts the rest): 100 000 renamed rules
  // are not 100 000 lines. The exit status is that of all of them.
  const diagnostics = capFindings(found);
  if (options.dryRun) {
    // JSON output stays one object: the texts are in its `files`.
    if (options.format !== 'json') {
      for (const file of imported.files) options.print(`# ==> ${file.fileName} <==\n${file.text}\n`);
    }
  } else {
    await writeImported(resolve(options.cwd, options.outDir!), imported.files);
  }
  const exitCode = found.some((d) => d.severity === 'error') ? 1 : 0;
  if (options.format === 'json') {
    const files = options.dryRun ? imported.files : imported.files.map(({ text: _text, ...rest }) => rest);
    const output = {
      version: JSON_OUTPUT_VERSION,
      command: 'import',
      exitCode,
      figures: run.figures,
      ...(read.sloth.length > 0 ? { objectives: sloth.figures } : {}),
      files,
      diagnostics,
      durationMs: Math.round(run.durationMs),
    };
    options.print(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    if (options.format === 'github') {
      // The most important findings as workflow commands (a runner shows a few per level), all of them below.
      const lines = annotationLines(selectAnnotations(diagnostics), 'the text below', (text) => text);
      if (options.commands) options.commands(lines);
      else if (lines.length > 0) options.print(`${lines.join('\n')}\n`);
    }
    options.print(formatDiagnosticsText(diagnostics, { color: options.color ?? false }));
    // The rules' figures count Prometheus rule files only; Sloth files alone have no rules to count, so
    // their line closes the run and carries its time.
    const ruleFiles = run.sourceFiles - read.sloth.length;
    const seconds = `${(run.durationMs / 1000).toFixed(2)} s`;
    if (read.sloth.length > 0) options.print(`${sloth.line}${ruleFiles === 0 ? `; ${seconds}` : ''}\n`);
    if (ruleFiles > 0 || read.sloth.length === 0) {
      options.print(`${figuresLine(run.figures, ruleFiles, run.durationMs)}\n`);
    }
    const count = plural(imported.files.length, 'file');
    options.print(
      `${options.dryRun ? 'nothing written (--dry-run)' : `wrote ${count} to ${options.outDir}`}${splitClause(result.files)}\n`,
    );
  }
  return exitCode;
}

/**
 * The groups written as numbered parts, said on the closing line too: their notices may be among the
 * findings the cap leaves out.
 */
function splitClause(files: ImportResult['files']): string {
  const split = [...new Set(files.filter((f) => f.part !== undefined).map((f) => f.group))];
  if (split.length === 0) return '';
  const parts = files.filter((f) => f.part !== undefined).length;
  return (
    ` (${plural(split.length, 'group')} too large for one file, ${split.map((g) => JSON.stringify(g)).join(', ')}, ` +
    `in ${parts} numbered parts, each under the ${formatSize(MAX_FILE_BYTES)} a file validate reads)`
  );
}

/** The closing figures: what was imported exactly, with losses (by kind), skipped, and the time. */
export function figuresLine(figures: ImportFigures, files: number, durationMs: number): string {
  const kinds = Object.entries(figures.lossesByKind)
    .map(([code, n]) => `${code.replace(/^import\./, '')} ${n}`)
    .join(', ');
  return (
    `${plural(figures.alerting, 'alerting rule')} in ${plural(files, 'file')}: ` +
    `${figures.imported} imported (${figures.exact} exactly, ${figures.withLosses} with reported losses${kinds ? `: ${kinds}` : ''}), ` +
    `${figures.notImported} not imported, ${plural(figures.recording, 'recording rule')} skipped; ` +
    `${(durationMs / 1000).toFixed(2)} s`
  );
}

interface ReadSources {
  readonly groups: SourceGroup[];
  /** Sloth SLO files, imported as ServiceLevelObjective documents (sloth-files.ts). */
  readonly sloth: SlothSource[];
  readonly diagnostics: Diagnostic[];
  readonly files: number;
}

/**
 * The named files, and the .yaml/.yml files of the named directories. A file found in a directory that is
 * no rule file (a kustomization, a Deployment) is passed over with a notice; a named one is an error.
 */
async function readSources(cwd: string, paths: readonly string[]): Promise<ReadSources> {
  const found = await findFiles(cwd, paths, { readOutsideRoot: true });
  const groups: SourceGroup[] = [];
  const sloth: SlothSource[] = [];
  const diagnostics: Diagnostic[] = [...found.diagnostics];
  let files = 0;
  const passedOver: string[] = [];
  for (const file of found.files) {
    const decoded = decodeUtf8(new Uint8Array(await readBytes(file.abs)));
    if (!decoded.ok) {
      diagnostics.push(
        diagnostic(
          'error',
          file.rel,
          {
            line: decoded.line,
            column: decoded.column,
            endLine: decoded.line,
            endColumn: decoded.column + 1,
          },
          RULES_IO_CODES.notRules,
          'not UTF-8 text: not imported',
        ),
      );
      continue;
    }
    if (isSlothFile(decoded.text)) {
      files++;
      sloth.push({ file: file.rel, text: decoded.text });
      continue;
    }
    const read = readRuleFile(file.rel, decoded.text);
    const notRules =
      read.groups.length === 0 && read.diagnostics.every((d) => d.code === RULES_IO_CODES.notRules);
    if (!file.named && notRules) {
      passedOver.push(file.rel);
      continue;
    }
    files++;
    groups.push(...read.groups);
    diagnostics.push(...read.diagnostics);
  }
  if (passedOver.length > 0) {
    diagnostics.push(
      diagnostic(
        'notice',
        '',
        FILE_START,
        RULES_IO_CODES.notRules,
        `passed over ${plural(passedOver.length, 'YAML file')} holding no rule groups nor PrometheusRule: ${passedOver.slice(0, 5).join(', ')}${passedOver.length > 5 ? ', …' : ''}`,
      ),
    );
  }
  if (files === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push(
      diagnostic(
        'error',
        '',
        FILE_START,
        RULES_IO_CODES.notRules,
        `no Prometheus rule file found under ${paths.join(', ')}`,
      ),
    );
  }
  return { groups, sloth, diagnostics, files };
}

/**
 * A file already in --out is overwritten only when an earlier import wrote it: a directory of hand-written
 * documents must not lose them. Nothing is written when any file would be.
 */
async function writeImported(dir: string, files: ImportResult['files']): Promise<void> {
  const clobbered = await filesInTheWay(
    dir,
    files,
    (existing) => existing.startsWith(IMPORTED_MARK) || existing.startsWith(SLOTH_IMPORTED_MARK),
  );
  if (clobbered.length > 0) {
    throw new UsageError(
      `import would overwrite ${plural(clobbered.length, 'file')} in ${dir} that an import did not write (${clobbered.slice(0, 5).join(', ')}); nothing was written: choose another --out directory`,
    );
  }
  await writeFilesInto(
    dir,
    files,
    (reason) => `import cannot write to ${dir} (${reason}): choose another --out directory`,
  );
}
