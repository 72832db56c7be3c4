/**
 * planReceivers: the alert receivers' part of a plan, a pure function of the receiver documents, the
 * removed ones and the live receivers. Identity as for rules: `id` when given, else the one live receiver
 * of the organization with that name (several: an error, never a guess). The secret is not in the diff
 * (the service never returns it): a create sends it, an update sends `null` unless the run rotates
 * secrets or the type changes (docs/decisions/alert-receivers.md).
 */
import { compareDiagnostics, type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import type { AlertReceiverDocument } from '../../documents/types.js';
import type { ReceiverChange, UnmanagedReceiver } from '../../model/alert-receiver-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import { organizationOfDocument } from '../../model/document-organization.js';
import type { ReceiverToCreate } from '../../model/pending-reference.js';
import { unreadFiles } from '../../model/removed.js';
import type { AlertReceiver } from '../../service/types.js';
import { heldInUnreadFile } from '../alert-rule/prune.js';
import {
  diffReceivers,
  receiverFingerprint,
  receiverRequestOfLive,
  receiverRequestOfSpec,
} from './fields.js';
import { identifyReceiver } from './identity.js';
import { missingSecrets, secretsOf, weakSecrets } from './secret-findings.js';

export interface ReceiverPlanInput {
  readonly documents: readonly AlertReceiverDocument[];
  /** Receiver documents the change removed (removedReceiverDocuments in removed.ts): deleted with prune. */
  readonly removed: readonly AlertReceiverDocument[];
  /** Live receivers by organization; an organization absent here was not read (its error is the caller's). */
  readonly live: ReadonlyMap<string, readonly AlertReceiver[]>;
  readonly defaultOrganizationId: string | null;
  readonly prune: boolean;
  /**
   * Files of the head whose documents were not all read (removed.ts, unreadFiles): what they declared at
   * the base is held, not deleted. The files of this plan's own errors are added.
   */
  readonly unreadFiles?: ReadonlySet<string>;
  /** Send every receiver's secret again (`--rotate-secrets`). */
  readonly rotate: boolean;
  /** The environment secrets are read from: a secret to be sent from an unset variable is an error. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface PlannedReceivers {
  readonly changes: readonly ReceiverChange[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The receivers of each organization read, as this plan leaves them: what the rules' names resolve
   * against (a receiver created here is a ReceiverToCreate, which a name resolves to a pending reference,
   * never an id; a renamed one has its new name).
   */
  readonly after: ReadonlyMap<string, readonly AlertReceiver[]>;
  /** Live receivers of the organizations read that no document manages (made outside git): listed, never touched. */
  readonly unmanaged: readonly UnmanagedReceiver[];
  /**
   * Receivers whose documents were removed, kept because prune is off: the caller says so, and whether a
   * prune would be refused because rules still name them (in-use.ts).
   */
  readonly kept: readonly KeptReceiver[];
}

export interface KeptReceiver {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  /** The file the document was removed from. */
  readonly file: string;
}

export function planReceivers(input: ReceiverPlanInput): PlannedReceivers {
  const diagnostics: Diagnostic[] = [];
  const changes: ReceiverChange[] = [];
  const claimed = new Set<string>();
  for (const doc of input.documents) {
    const organization = organizationOfDocument(doc, input.defaultOrganizationId);
    if ('error' in organization) {
      diagnostics.push(organization.error);
      continue;
    }
    const { organizationId } = organization;
    const live = input.live.get(organizationId);
    if (live === undefined) continue;
    const found = identifyReceiver(doc, organizationId, live);
    if ('error' in found) {
      diagnostics.push(found.error);
      continue;
    }
    if (found.receiver !== null) {
      if (claimed.has(found.receiver.id)) {
        diagnostics.push(
          diagnostic(
            'error',
            doc.file,
            doc.locate(doc.value.id !== undefined ? ['id'] : ['name']),
            PLAN_CODES.duplicateDocument,
            `Several documents declare alert receiver "${found.receiver.name}" (${found.receiver.id}): keep exactly one.`,
          ),
        );
        continue;
      }
      claimed.add(found.receiver.id);
    }
    const change = changeFor(doc, organizationId, found.receiver, input.rotate);
    const missing =
      change.action === 'create' || change.action === 'update'
        ? missingSecrets(doc, change.secrets, input.env)
        : [];
    diagnostics.push(...missing, ...weakSecrets(doc, input.env));
    changes.push(change);
  }
  const deletes = receiverDeletes(input, claimed, unreadFiles(diagnostics, [...(input.unreadFiles ?? [])]));
  diagnostics.push(...deletes.diagnostics);
  changes.push(...deletes.changes);
  // A receiver held by a file that could not be read is not one "made outside git" either.
  const touched = new Set([
    ...claimed,
    ...deletes.held,
    ...changes.flatMap((c) => (c.id === null ? [] : [c.id])),
  ]);
  // A document with an error still declares its receiver: it is never listed as made outside git.
  const declared = (org: string, name: string) =>
    input.documents.some(
      (d) => (d.value.organization_id ?? input.defaultOrganizationId) === org && d.value.name === name,
    );
  const unmanaged = [...input.live].flatMap(([organizationId, receivers]) =>
    receivers
      .filter((r) => !touched.has(r.id) && !declared(organizationId, r.name))
      .map(
        (r): UnmanagedReceiver => ({
          kind: 'AlertReceiver',
          id: r.id,
          name: r.name,
          type: r.type,
          organizationId,
        }),
      ),
  );
  return {
    changes,
    diagnostics: diagnostics.sort(compareDiagnostics),
    after: receiversAfter(input.live, changes),
    unmanaged,
    kept: deletes.kept,
  };
}

function changeFor(
  doc: AlertReceiverDocument,
  organizationId: string,
  receiver: AlertReceiver | null,
  rotate: boolean,
): ReceiverChange {
  const request = receiverRequestOfSpec(doc.value);
  const base = {
    kind: 'AlertReceiver',
    name: doc.value.name,
    type: doc.value.type,
    organizationId,
    file: doc.file,
    line: doc.range.line,
  } as const;
  if (receiver === null) {
    const diff = diffReceivers(null, request);
    return { ...base, action: 'create', id: null, diff, request, secrets: secretsOf(doc.value) };
  }
  const diff = diffReceivers(receiverRequestOfLive(receiver), request);
  const typeChanged = receiver.type !== doc.value.type;
  const secretsWhy = typeChanged ? 'type changed' : rotate ? 'rotation' : null;
  if (diff.length === 0 && secretsWhy === null) return { ...base, action: 'noop', id: receiver.id, diff };
  return {
    ...base,
    action: 'update',
    id: receiver.id,
    against: receiverFingerprint(receiver),
    diff,
    request,
    secrets: secretsWhy === null ? [] : secretsOf(doc.value),
    ...(secretsWhy === null ? {} : { secretsWhy }),
  };
}

/**
 * Deletes of the receivers whose documents were removed (with prune; kept, and said, without), but for those
 * whose file is still there and could not be read whole (`unread`): held, with a warning that says why.
 */
function receiverDeletes(
  input: ReceiverPlanInput,
  claimed: ReadonlySet<string>,
  unread: ReadonlySet<string>,
): { changes: ReceiverChange[]; diagnostics: Diagnostic[]; held: ReadonlySet<string>; kept: KeptReceiver[] } {
  const changes: ReceiverChange[] = [];
  const diagnostics: Diagnostic[] = [];
  const held = new Set<string>();
  const kept: KeptReceiver[] = [];
  for (const doc of input.removed) {
    const org = doc.value.organization_id ?? input.defaultOrganizationId;
    const live = org === null ? undefined : input.live.get(org);
    if (org === null || live === undefined) continue;
    const found = identifyReceiver(doc, org, live);
    if ('error' in found || found.receiver === null) continue;
    const receiver = found.receiver;
    if (claimed.has(receiver.id) || changes.some((c) => c.id === receiver.id) || held.has(receiver.id))
      continue;
    if (unread.has(doc.file)) {
      held.add(receiver.id);
      diagnostics.push(heldInUnreadFile('receiver', receiver, doc.file));
      continue;
    }
    if (!input.prune) {
      if (!kept.some((k) => k.id === receiver.id))
        kept.push({ id: receiver.id, name: receiver.name, organizationId: org, file: doc.file });
      continue;
    }
    changes.push({
      kind: 'AlertReceiver',
      action: 'delete',
      id: receiver.id,
      against: receiverFingerprint(receiver),
      name: receiver.name,
      type: receiver.type,
      organizationId: org,
      file: doc.file,
      line: doc.range.line,
      diff: [],
    });
  }
  return { changes, diagnostics, held, kept };
}

/**
 * The live receivers as the changes leave them: renamed, created (pending). A receiver this plan
 * deletes is still there for the rules' names: it exists until the delete, and a rule that still names it
 * refuses the delete (in-use.ts), which is what the run must say, not that no receiver has the
 * name. Unless a receiver kept or created here takes its name.
 */
function receiversAfter(
  live: ReadonlyMap<string, readonly AlertReceiver[]>,
  changes: readonly ReceiverChange[],
): Map<string, readonly AlertReceiver[]> {
  const after = new Map<string, readonly AlertReceiver[]>();
  for (const [org, receivers] of live) {
    const mine = changes.filter((c) => c.organizationId === org);
    const deleted = new Set(mine.flatMap((c) => (c.action === 'delete' ? [c.id] : [])));
    const renamed = new Map(
      mine.flatMap((c) => (c.action === 'update' ? [[c.id, c.request.name] as const] : [])),
    );
    const kept = receivers
      .filter((r) => !deleted.has(r.id))
      .map((r) => (renamed.has(r.id) ? { ...r, name: renamed.get(r.id)! } : r));
    const names = new Set([
      ...kept.map((r) => r.name),
      ...mine.flatMap((c) => (c.action === 'create' ? [c.name] : [])),
    ]);
    const deleting = receivers.filter((r) => deleted.has(r.id) && !names.has(r.name));
    const created = mine.flatMap((c): ReceiverToCreate[] =>
      c.action === 'create'
        ? [
            {
              id: '',
              pending: { kind: 'AlertReceiver', organizationId: org, name: c.name },
              created_at: '',
              name: c.name,
              type: c.type,
              description: '',
              send_resolved: true,
              owner: null,
              severity: null,
            },
          ]
        : [],
    );
    after.set(org, [...kept, ...deleting, ...created]);
  }
  return after;
}
