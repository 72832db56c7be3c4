/**
 * `platform-gitops init [DIR]`: a repository set up as the README recommends. Nothing is ever overwritten:
 * when any file it would write exists, it names them all and writes nothing.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { ServiceClient } from '../service/types.js';
import { exportContent } from './export.js';
import {
  DOCUMENTS_DIR,
  EXAMPLE_ALERT_RULE,
  EXAMPLE_COMPONENT,
  editorSettingsFile,
  type InitFile,
  workflowFile,
} from './init-files.js';

export interface InitOptions {
  readonly dir: string;
  readonly dryRun: boolean;
  /** Export this organization's live alert rules instead of the example rule. */
  readonly fromOrg: { readonly organizationId: string; readonly service: () => ServiceClient } | null;
  readonly print: (text: string) => void;
  /** One line about a rule left out of the export. */
  readonly warn: (line: string) => void;
}

export async function runInit(options: InitOptions): Promise<number> {
  const root = resolve(options.dir);
  const files = [
    workflowFile(options.fromOrg?.organizationId ?? null),
    ...(options.fromOrg ? await exportedRules(options.fromOrg, options.warn) : [EXAMPLE_ALERT_RULE]),
    EXAMPLE_COMPONENT,
    editorSettingsFile(),
  ];
  const inTheWay = files.filter((file) => existsSync(join(root, file.path))).map((file) => file.path);
  if (inTheWay.length > 0) {
    throw new UsageError(
      `init writes nothing over existing files, and ${inTheWay.length === 1 ? 'this one is' : 'these are'} in the way in ${root}: ${inTheWay.join(', ')}. Move ${inTheWay.length === 1 ? 'it' : 'them'} away or choose another directory.`,
    );
  }
  if (options.dryRun) {
    options.print(`init would write ${files.length} files in ${root} (--dry-run: nothing written):\n`);
    for (const file of files) options.print(`\n--- ${file.path}\n${file.text}`);
    return 0;
  }
  await writeAll(root, files);
  options.print(`wrote ${files.length} files in ${root}:\n${files.map((f) => `  ${f.path}\n`).join('')}`);
  options.print(nextSteps(options.fromOrg !== null));
  return 0;
}

async function exportedRules(
  fromOrg: NonNullable<InitOptions['fromOrg']>,
  warn: (line: string) => void,
): Promise<InitFile[]> {
  const { documents, skipped } = await exportContent(fromOrg.service(), fromOrg.organizationId);
  for (const line of skipped) warn(line);
  return documents.map((doc) => ({ path: `${DOCUMENTS_DIR}/alert-rules/${doc.fileName}`, text: doc.text }));
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

function nextSteps(exported: boolean): string {
  return `
Next:
  1. ${exported ? 'Review the exported rules' : 'Replace the example ids with your clusters, targets and receivers'} in ${DOCUMENTS_DIR}/, then: platform-gitops validate ${DOCUMENTS_DIR}
  2. In the repository's settings on GitHub: the secret QOVERY_API_TOKEN${exported ? '' : ', the secret QOVERY_ORGANIZATION_ID and the secret GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment)'} (Settings → Secrets and variables → Actions).
  3. Commit and open a pull request: the workflow validates and shows the plan.
`;
}
