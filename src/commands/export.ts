/**
 * `export --out DIR`: the organization's MANAGED alert rules as documents, one file per rule, so that a
 * team can start managing what it built in the console: clusters, targets and receivers by name where a
 * name finds exactly one. `plan` on the result shows no change.
 */

import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import { parseFiles } from '../documents/index.js';
import { checkExported } from '../kinds/alert-rule/export-check.js';
import {
  type ExportedDocument,
  exportDocuments,
  unexportableReason,
} from '../kinds/alert-rule/export-documents.js';
import { exportObjectives } from '../kinds/alert-rule/export-objectives.js';
import { PLAN_CODES } from '../model/codes.js';
import { type NameDirectory, nameDirectory } from '../planner/name-directory.js';
import { runReport } from '../planner/run-report.js';
import { serviceError } from '../planner/service-findings.js';
import { checkQueries } from '../promql/index.js';
import type { ExportReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { LiveAlertRule, ManagedAlertRule, ServiceClient } from '../service/types.js';
import { readExportNames } from './export-names.js';
import { exportReceiversInto } from './export-receiver-files.js';
import { organizationNeeded } from './organization-needed.js';
import { failureReason, filesInTheWay, sameFirstLine, writeFilesInto } from './out-directory.js';

export interface ExportOptions {
  /** Directory to write into, relative to the repository root (or absolute); created when missing. */
  readonly outDir: string;
}

export async function runExport(ctx: RunContext, options: ExportOptions): Promise<ExportReport> {
  const started = ctx.clock.now();
  const organizationId = ctx.organizationId;
  if (organizationId === null) {
    throw new UsageError(organizationNeeded('export'));
  }
  if (options.outDir.trim() === '') throw new UsageError('export needs a directory: pass --out DIR');
  const client = ctx.service();
  // One read of each list for the rules' names and the receiver documents alike.
  const directory = nameDirectory(client);
  let content: ExportContent;
  try {
    content = await exportContent(client, organizationId, { names: true, directory });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const failed = serviceError(`The alert rules of organization ${organizationId} could not be read`, error);
    return runReport(ctx, { command: 'export', started, diagnostics: [failed], client });
  }
  const { documents, skipped, warnings } = content;
  const dir = resolve(ctx.root, options.outDir);
  await writeDocuments(dir, documents);
  ctx.progress(`wrote ${plural(documents.length, 'alert rule document')} to ${dir}`);
  const receivers = await exportReceiversInto(ctx, directory, organizationId, dir);
  const note = diagnostic(
    'notice',
    '',
    FILE_START,
    PLAN_CODES.exportWritten,
    `Exported ${documents.length} alert rules of organization ${organizationId} to ${options.outDir}.${byIdSentence(documents)}`,
  );
  // What the client noticed (a value it does not know) explains any rule left out above.
  const notices = client
    .notices()
    .map((text) => diagnostic('notice', '', FILE_START, PLAN_CODES.serviceNotice, text));
  const queries = await checkWrittenQueries(ctx.root, dir, documents);
  return runReport(ctx, {
    command: 'export',
    started,
    diagnostics: [note, ...receivers.diagnostics, ...warnings, ...notices, ...queries],
    skipped: [...skipped, ...receivers.skipped],
    client,
  });
}

/** Where a name was wanted and the id was written: said once, the comments in the files say why. */
function byIdSentence(documents: readonly ExportedDocument[]): string {
  const byId = documents.reduce((sum, doc) => sum + doc.byId, 0);
  if (byId === 0) return '';
  const files = documents.filter((doc) => doc.byId > 0).length;
  return (
    ` ${plural(byId, 'reference')} ${byId === 1 ? 'is' : 'are'} written by id rather than by name, in ` +
    `${plural(files, 'file')}: a comment above each says why.`
  );
}

/**
 * The PromQL checks of validate, on the files just written: a live rule whose query does not parse is
 * exported as it is (the file shows what runs) and reported at its line, so that it is fixed, not hidden.
 */
async function checkWrittenQueries(
  root: string,
  dir: string,
  documents: readonly ExportedDocument[],
): Promise<Diagnostic[]> {
  const files = documents.map((doc) => ({
    path: relative(root, join(dir, doc.fileName)).split('\\').join('/'),
    bytes: new TextEncoder().encode(doc.text),
  }));
  return checkQueries(parseFiles(files).documents);
}

export interface ExportContent {
  /** One document per exportable managed rule. */
  readonly documents: readonly ExportedDocument[];
  /** One line per rule left out, and why. */
  readonly skipped: readonly string[];
  /** A name list that could not be read, one warning each: its references are written by id. */
  readonly warnings: readonly Diagnostic[];
}

/**
 * The organization's managed alert rules as documents (also what `init --from-org` writes). Ghost rules and
 * rules holding a value our schema would refuse are left out and named. Clusters, targets and receivers
 * are written by name, reading the lists they need once each (`names: false`: by id, reading none). Throws
 * ApiError when the service cannot list the rules.
 */
export async function exportContent(
  client: ServiceClient,
  organizationId: string,
  options: { readonly names: boolean; readonly directory?: NameDirectory } = { names: true },
): Promise<ExportContent> {
  const live: LiveAlertRule[] = await client.getAlertRules(organizationId);
  const managed = live.filter((r): r is ManagedAlertRule => r.source === 'MANAGED');
  const ghosts = live.length - managed.length;
  const skipped =
    ghosts > 0
      ? [`${plural(ghosts, 'ghost rule')} not exported: a ghost rule has no id to manage it by`]
      : [];
  const rules: ManagedAlertRule[] = [];
  for (const rule of managed) {
    const why = unexportableReason(rule);
    if (why === null) rules.push(rule);
    else skipped.push(`alert rule "${rule.name}" (${rule.id}) not exported: ${why}`);
  }
  const names = options.names
    ? await readExportNames(options.directory ?? nameDirectory(client), organizationId, rules)
    : null;
  // A document validate would refuse is never written: it is named and left out, like an unknown value.
  // The rules an objective generated go back as that objective; the others as rules.
  const objectives = exportObjectives(rules, names?.lists);
  const checked = checkExported([
    ...exportDocuments(objectives.rules, names?.lists),
    ...objectives.documents,
  ]);
  skipped.push(...checked.refused);
  return { documents: checked.valid, skipped, warnings: names?.warnings ?? [] };
}

/**
 * A directory we cannot write to is the user's choice of --out: one clear line, not a stack trace. A file
 * already there is overwritten only when it is an earlier export of the same rule: `--out` pointed at a
 * directory of hand-written documents must not lose them. Nothing is written when any file would be.
 */
async function writeDocuments(dir: string, documents: readonly ExportedDocument[]): Promise<void> {
  const clobbered = await filesInTheWay(dir, documents, sameFirstLine, readIfPresent);
  if (clobbered.length > 0) {
    const shown =
      clobbered.slice(0, 5).join(', ') + (clobbered.length > 5 ? `, and ${clobbered.length - 5} more` : '');
    throw new UsageError(
      `export would overwrite ${clobbered.length === 1 ? 'a file' : `${clobbered.length} files`} in ${dir} that ` +
        `${clobbered.length === 1 ? 'is not an export' : 'are not exports'} of the same rule (${shown}); nothing ` +
        'was written: choose an empty --out directory',
    );
  }
  await writeFilesInto(
    dir,
    documents,
    (reason) => `export cannot write to ${dir} (${reason}): choose another --out directory`,
  );
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent (or --out is not a directory: the write below says so in one line).
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new UsageError(
      `export cannot read ${path} (${failureReason(error)}): choose another --out directory`,
    );
  }
}
