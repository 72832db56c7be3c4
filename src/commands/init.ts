/**
 * `platform-gitops init [DIR]`: a repository set up as the README recommends. Nothing is ever overwritten:
 * when any file it would write exists, it names them all and writes nothing.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/usage-error.js';
import { defaultBranch } from '../git/default-branch.js';
import type { SecretVariable } from '../kinds/alert-receiver/export-receivers.js';
import { nameDirectory } from '../planner/name-directory.js';
import type { ServiceClient } from '../service/types.js';
import { exportContent } from './export.js';
import { RECEIVERS_DIR, receiverExport } from './export-receiver-files.js';
import {
  DOCUMENTS_DIR,
  EXAMPLE_ALERT_RECEIVER,
  EXAMPLE_ALERT_RULE,
  EXAMPLE_RECEIVER_SECRET,
  editorSettingsFile,
  exampleComponent,
  type InitFile,
  isCommitSha,
  WORKFLOW_PATH,
  workflowFile,
} from './init-files.js';

export interface InitOptions {
  readonly dir: string;
  readonly dryRun: boolean;
  /** Export this organization's live alert rules instead of the example rule. */
  readonly fromOrg: { readonly organizationId: string; readonly service: () => ServiceClient } | null;
  /** `--pin-sha`: a commit of the action; the workflow pins every action by commit. */
  readonly pinSha: string | null;
  readonly print: (text: string) => void;
  /** One line about a rule left out of the export, or about a guess the user should check. */
  readonly warn: (line: string) => void;
}

export async function runInit(options: InitOptions): Promise<number> {
  const root = resolve(options.dir);
  if (options.pinSha !== null && !isCommitSha(options.pinSha)) {
    throw new UsageError(
      `--pin-sha must be a full commit id (40 hexadecimal digits, as 'git rev-parse v1' prints it), not '${options.pinSha.slice(0, 80)}'`,
    );
  }
  const branch = await defaultBranch(root);
  const organizationId = options.fromOrg?.organizationId ?? null;
  const exported = options.fromOrg ? await exportedDocuments(options.fromOrg, options.warn) : null;
  // The workflow passes each receiver's secret: the exported receivers', or the example receiver's.
  const secretVariables = exported?.variables.map((v) => v.name) ?? [EXAMPLE_RECEIVER_SECRET];
  const files = [
    workflowFile({ branch: branch.name, organizationId, pinSha: options.pinSha, secretVariables }),
    ...(exported ? exported.files : [EXAMPLE_ALERT_RULE, EXAMPLE_ALERT_RECEIVER]),
    exampleComponent(organizationId),
    editorSettingsFile(),
  ];
  const inTheWay = files.filter((file) => existsSync(join(root, file.path))).map((file) => file.path);
  if (inTheWay.length > 0) {
    throw new UsageError(
      `init writes nothing over existing files, and ${inTheWay.length === 1 ? 'this one is' : 'these are'} in the way in ${root}: ${inTheWay.join(', ')}. Move ${inTheWay.length === 1 ? 'it' : 'them'} away or choose another directory.`,
    );
  }
  // Said only when something is written (or shown): a refused init has nothing to correct.
  if (branch.from === 'guess') {
    options.warn(
      `no git branch found for ${root}: the workflow applies pushes to '${branch.name}'; change 'branches:' in ${WORKFLOW_PATH} if the default branch is another`,
    );
  }
  if (options.dryRun) {
    options.print(`init would write ${files.length} files in ${root} (--dry-run: nothing written):\n`);
    for (const file of files) options.print(`\n--- ${file.path}\n${file.text}`);
    return 0;
  }
  await writeAll(root, files);
  options.print(`wrote ${files.length} files in ${root}:\n${files.map((f) => `  ${f.path}\n`).join('')}`);
  options.print(nextSteps(options.fromOrg !== null, branch.name, secretVariables));
  return 0;
}

/** The organization's rules, and its receivers with the variables their secrets are read from. */
async function exportedDocuments(
  fromOrg: NonNullable<InitOptions['fromOrg']>,
  warn: (line: string) => void,
): Promise<{ readonly files: InitFile[]; readonly variables: readonly SecretVariable[] }> {
  const client = fromOrg.service();
  // One read of each list for the rules' names and the receiver documents alike.
  const directory = nameDirectory(client);
  const { documents, skipped, warnings } = await exportContent(client, fromOrg.organizationId, {
    names: true,
    directory,
  });
  const receivers = await receiverExport(directory, fromOrg.organizationId);
  for (const line of [...skipped, ...receivers.notes]) warn(line);
  for (const finding of warnings) warn(finding.message);
  const files = [
    ...documents.map((doc) => ({ path: `${DOCUMENTS_DIR}/alert-rules/${doc.fileName}`, text: doc.text })),
    ...receivers.documents.map((doc) => ({
      path: `${DOCUMENTS_DIR}/${RECEIVERS_DIR}/${doc.fileName}`,
      text: doc.text,
    })),
  ];
  return { files, variables: receivers.variables };
}

async function writeAll(root: string, files: readonly InitFile[]): Promise<void> {
  try {
    for (const file of files) {
      const path = join(root, file.path);
      await mkdir(dirname(path), { recursive: true });
      // 'wx': fail rather than overwrite a file created since the check above.
      await writeFile(path, file.text, { encoding: 'utf8', flag: 'wx' });
    }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`init cannot write in ${root} (${reason}): choose another directory`);
  }
}

/** What is left to do, naming every secret the written files read. */
function nextSteps(exported: boolean, branch: string, receiverSecrets: readonly string[]): string {
  const secrets = [
    'QOVERY_API_TOKEN',
    ...receiverSecrets.map((name) =>
      exported
        ? `${name} (an exported receiver's secret, never exported itself)`
        : `${name} (the example receiver's Slack webhook; delete the receiver and the env line if you do not use it)`,
    ),
    'GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment; delete the component and the env line if you do not use it)',
  ];
  return `
Next:
  1. ${exported ? "Review the exported rules, and replace the example component's cluster id and values" : 'Replace the example names with your clusters, targets and receivers'} in ${DOCUMENTS_DIR}/, then: platform-gitops validate ${DOCUMENTS_DIR}
  2. In the repository's settings on GitHub (Settings → Secrets and variables → Actions), the secrets:
${secrets.map((name) => `     - ${name}\n`).join('')}${
  // An export names its organization in the workflow and the documents; otherwise the workflow reads it
  // from a variable: an id is no secret, and a secret's value is masked in every log line it appears in.
  exported ? '' : "     and the variable (Variables tab) QOVERY_ORGANIZATION_ID: your organization's id\n"
}  3. Commit and open a pull request: the workflow validates and shows the plan; merging to '${branch}' applies it.
`;
}
