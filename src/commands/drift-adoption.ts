/**
 * The shell around plan/drift-write-back.ts: reads what it needs (the drifted documents' files, the
 * adoption files, export's documents of what no document manages, the receivers a rule names) and, for
 * `drift --write`, writes the result into the working tree. The action's pull request takes the same
 * result to a branch instead (github/drift-pull-request-publisher.ts).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../core/usage-error.js';
import { exportReceiverDocuments } from '../kinds/alert-receiver/export-receivers.js';
import { allKinds, kindOf } from '../kinds/registry.js';
import type { UnmanagedReceiver } from '../model/alert-receiver-change.js';
import type { UnmanagedRule } from '../model/alert-rule-change.js';
import type { ChangeKind, Plan } from '../model/types.js';
import {
  type AdoptableDocument,
  adoptedFileOf,
  goneKind,
  type WriteBack,
  writeBack,
} from '../plan/drift-write-back.js';
import { type NameDirectory, nameDirectory } from '../planner/name-directory.js';
import type { RunContext } from '../run/types.js';
import type { ServiceClient } from '../service/types.js';
import { exportContent } from './export.js';
import { failureReason } from './out-directory.js';

/** What the CLI's `--adopt-into` and the action's `drift-adopt-into` leave unsaid: one file per cluster. */
export const ADOPTED_FILE = 'adopted/{cluster}.yaml';

/**
 * The repository-relative file adopted documents go to: `into` as given, or ADOPTED_FILE inside the first
 * directory read (the first file read when no directory is). It must be a file the next run reads, or every run would adopt the same rules again.
 */
export async function adoptionFile(ctx: RunContext, into: string | null): Promise<string> {
  const from = ctx.pathsFrom ?? ctx.root;
  const paths = (ctx.paths.length > 0 ? ctx.paths : ['.']).map((p) => relativeTo(ctx.root, resolve(from, p)));
  let chosen: string;
  if (into !== null && into.trim() !== '') chosen = relativeTo(ctx.root, resolve(from, into.trim()));
  else {
    // The first directory read; when only files are read, the first of them (a file beside it would not
    // be read by the next run).
    let directory: string | null = null;
    for (const path of paths) {
      const isDir = await stat(join(ctx.root, path)).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (isDir) {
        directory = path;
        break;
      }
    }
    chosen = directory === null ? paths[0]! : join(directory, ADOPTED_FILE).split('\\').join('/');
  }
  if (!/\.ya?ml$/.test(chosen)) {
    throw new UsageError(`the file to adopt rules into must end in .yaml or .yml: ${into}`);
  }
  const read = paths.some((p) => p === '.' || chosen === p || chosen.startsWith(`${p}/`));
  if (chosen.startsWith('../') || isAbsolute(chosen) || !read) {
    throw new UsageError(
      `the file to adopt rules into, ${chosen}, is outside the paths the drift check reads (${paths.join(', ')}): ` +
        'the next run would not see what it adopted. Choose a file under one of them.',
    );
  }
  return chosen;
}

function relativeTo(root: string, path: string): string {
  const rel = relative(root, path).split('\\').join('/');
  return rel === '' ? '.' : rel;
}

/** The drift of `plan` written back, read from the tree at ctx.root; nothing is written here. */
export async function driftWriteBack(
  ctx: RunContext,
  plan: Plan,
  client: ServiceClient | null,
  adoptInto: string,
): Promise<WriteBack> {
  const directory = client && nameDirectory(client);
  const adoptable = client && directory ? await adoptableDocuments(client, directory, plan) : [];
  // Every kind's drifted documents: writeBack edits each where it stands.
  const paths = new Set<string>(plan.changes.filter((c) => c.action === 'update').map((c) => c.file));
  for (const doc of adoptable) paths.add(adoptedFileOf(adoptInto, doc.clusterName));
  // An object renamed in the console (a receiver): every document may name it (writeBack renames those names).
  const renamed = plan.changes.some((c) => c.action === 'update' && kindOf(c).renamed?.(c));
  if (renamed) for (const c of plan.changes) if (c.action !== 'delete') paths.add(c.file);
  // The documents whose id the service no longer has: their names go into the list for a person.
  for (const d of plan.diagnostics) if (goneKind(d.code) !== null) paths.add(d.file);
  const files = new Map<string, string>();
  for (const path of paths) {
    // A file that is not there: a drifted document's is said by writeBack, an adoption file is new.
    const text = await readFile(join(ctx.root, path), 'utf8').catch(() => null);
    if (text !== null) files.set(path, text);
  }
  const receivers = new Map<string, { id: string; name: string }[]>();
  const organizations = new Set(
    plan.changes
      .filter((c) => c.action === 'update' && c.diff.some((d) => d.path === 'alert_receiver_ids'))
      .map((c) => c.organizationId),
  );
  for (const org of organizations) {
    const read = directory ? await directory.receivers(org) : null;
    if (read?.ok)
      receivers.set(
        org,
        read.value.map((r) => ({ id: r.id, name: r.name })),
      );
  }
  return writeBack({ plan, files, receivers, adoptable, adoptInto });
}

/** How the live objects of one kind that no document manages are read and exported, each as export writes it. */
type Adopter = (client: ServiceClient, directory: NameDirectory, plan: Plan) => Promise<AdoptableDocument[]>;

/**
 * Each kind's adoption. It lives in this shell rather than in the kind: it reads the service through export
 * (commands/export.ts) and the name directory, which the kinds' folder sits below.
 */
const ADOPTERS: { readonly [K in ChangeKind]: Adopter } = {
  AlertRule: adoptableRules,
  AlertReceiver: adoptableReceivers,
};

/**
 * Export's documents of the live objects no document manages, every kind's, each organization's lists read
 * once, the lead kind (rules) first.
 */
async function adoptableDocuments(
  client: ServiceClient,
  directory: NameDirectory,
  plan: Plan,
): Promise<AdoptableDocument[]> {
  const out: AdoptableDocument[] = [];
  for (const kind of allKinds()) out.push(...(await ADOPTERS[kind.kind](client, directory, plan)));
  return out;
}

/**
 * The live rules no document manages. A rule export leaves out (a ghost, a value this version does not
 * know) is not adopted: the drift issue still lists it as unmanaged.
 */
async function adoptableRules(
  client: ServiceClient,
  directory: NameDirectory,
  plan: Plan,
): Promise<AdoptableDocument[]> {
  const out: AdoptableDocument[] = [];
  const unmanaged = plan.unmanaged.filter((r): r is UnmanagedRule => r.kind === 'AlertRule');
  const ruleOrgs = new Set(unmanaged.map((r) => r.organizationId));
  for (const org of ruleOrgs) {
    const wanted = new Map(
      unmanaged.filter((r) => r.organizationId === org).map((r) => [r.id?.toLowerCase(), r]),
    );
    const content = await exportContent(client, org, { names: true, directory });
    for (const doc of content.documents) {
      const ref = wanted.get(doc.ruleId.toLowerCase());
      if (ref === undefined) continue;
      out.push({
        kind: 'AlertRule',
        id: doc.ruleId,
        name: doc.ruleName,
        clusterName: ref.clusterName ?? null,
        text: doc.text,
      });
    }
  }
  return out;
}

/** The live receivers no document manages, each with the variable its secret is read from. */
async function adoptableReceivers(
  _client: ServiceClient,
  directory: NameDirectory,
  plan: Plan,
): Promise<AdoptableDocument[]> {
  const out: AdoptableDocument[] = [];
  const unmanaged = plan.unmanaged.filter((r): r is UnmanagedReceiver => r.kind === 'AlertReceiver');
  const receiverOrgs = new Set(unmanaged.map((r) => r.organizationId));
  for (const org of receiverOrgs) {
    const wanted = new Set(unmanaged.filter((r) => r.organizationId === org).map((r) => r.id.toLowerCase()));
    const read = await directory.receivers(org);
    if (!read.ok) continue;
    const exported = exportReceiverDocuments(org, read.value);
    exported.documents.forEach((doc, i) => {
      if (!wanted.has(doc.receiverId.toLowerCase())) return;
      out.push({
        kind: 'AlertReceiver',
        id: doc.receiverId,
        name: doc.receiverName,
        clusterName: null,
        text: doc.text,
        variable: exported.variables[i]!.name,
      });
    });
  }
  return out;
}

/** `drift --write`: the files written into the working tree, each only when its text changed. */
export async function writeIntoTree(root: string, result: WriteBack): Promise<void> {
  for (const file of result.files) {
    const path = join(root, file.path);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.text, 'utf8');
    } catch (error) {
      throw new UsageError(`drift --write cannot write ${file.path} (${failureReason(error)})`);
    }
  }
}
