/**
 * The receivers part of `export` and `init --from-org`: the organization's receivers as documents in a
 * `receivers/` directory of their own (a rule's file name never holds a `/`, so the two never collide),
 * and the environment variables their secrets are read from, said where the person running it reads.
 */
import { join } from 'node:path';
import { type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import {
  exportReceiverDocuments,
  type ReceiverExport,
  type SecretVariable,
} from '../kinds/alert-receiver/export-receivers.js';
import { PLAN_CODES } from '../model/codes.js';
import type { NameDirectory } from '../planner/name-directory.js';
import { serviceError } from '../planner/service-findings.js';
import type { RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import { filesInTheWay, sameFirstLine, writeFilesInto } from './out-directory.js';

/** Where the receiver documents go, below the export's directory. */
export const RECEIVERS_DIR = 'receivers';

/** Throws ApiError when the service cannot list the receivers. */
export async function receiverExport(
  directory: NameDirectory,
  organizationId: string,
): Promise<ReceiverExport> {
  const read = await directory.receivers(organizationId);
  if (!read.ok) throw read.error;
  return exportReceiverDocuments(organizationId, read.value);
}

/** One line per variable: `RECEIVER_SLACK_ONCALL_WEBHOOK_URL  the webhook_url of alert receiver "slack-oncall"`. */
export function variableLines(variables: readonly SecretVariable[]): string[] {
  const width = Math.max(0, ...variables.map((v) => v.name.length)) + 2;
  return variables.map((v) => `${v.name.padEnd(width)}the ${v.field} of alert receiver "${v.receiverName}"`);
}

/** The variables to set, as one notice of the run (the job summary, the JSON output); null when none. */
export function variablesNotice(variables: readonly SecretVariable[]): Diagnostic | null {
  if (variables.length === 0) return null;
  return diagnostic(
    'notice',
    '',
    FILE_START,
    PLAN_CODES.exportWritten,
    `The exported receivers read their secrets from the environment: set ${plural(variables.length, 'variable')} ` +
      `where plan and apply run (in a workflow, the step's env: from secrets): ${variables
        .map((v) => `${v.name} (${v.field} of "${v.receiverName}")`)
        .join(', ')}.`,
  );
}

/**
 * Writes the documents into `dir/receivers/`. As for rules, a file already there is overwritten only when
 * it is an earlier export of the same receiver; otherwise nothing is written.
 */
export async function writeReceiverDocuments(dir: string, content: ReceiverExport): Promise<void> {
  if (content.documents.length === 0) return;
  const into = join(dir, RECEIVERS_DIR);
  const clobbered = await filesInTheWay(into, content.documents, sameFirstLine);
  if (clobbered.length > 0) {
    throw new UsageError(
      `export would overwrite ${plural(clobbered.length, 'file')} in ${into} that ${clobbered.length === 1 ? 'is not an export' : 'are not exports'} of the same receiver (${clobbered.slice(0, 5).join(', ')}); nothing was written there: choose an empty --out directory`,
    );
  }
  await writeFilesInto(
    into,
    content.documents,
    (reason) => `export cannot write to ${into} (${reason}): choose another --out directory`,
  );
}

/**
 * `export`'s receivers: read, written beside the rules, each variable said on the progress stream (stderr
 * of the command line) and in one notice. A list that cannot be read is an error finding: the rules are
 * exported all the same.
 */
export async function exportReceiversInto(
  ctx: Pick<RunContext, 'progress'>,
  directory: NameDirectory,
  organizationId: string,
  dir: string,
): Promise<{ readonly diagnostics: Diagnostic[]; readonly skipped: readonly string[] }> {
  let content: ReceiverExport;
  try {
    content = await receiverExport(directory, organizationId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const what = `The alert receivers of organization ${organizationId} could not be read, so none was exported`;
    return { diagnostics: [serviceError(what, error)], skipped: [] };
  }
  await writeReceiverDocuments(dir, content);
  ctx.progress(
    `wrote ${plural(content.documents.length, 'alert receiver document')} to ${join(dir, RECEIVERS_DIR)}`,
  );
  if (content.variables.length > 0) {
    ctx.progress("set these variables where plan and apply run (the receivers' secrets are never exported):");
    for (const line of variableLines(content.variables)) ctx.progress(`  ${line}`);
  }
  const notice = variablesNotice(content.variables);
  return { diagnostics: notice ? [notice] : [], skipped: content.notes };
}
