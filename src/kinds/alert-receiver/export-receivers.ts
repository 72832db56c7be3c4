/**
 * Live receivers as `kind: AlertReceiver` documents, for `export` and `init --from-org`: every field the
 * service returns, and each secret (which it never returns) as `{valueFrom: {env: NAME}}` under a name
 * derived from the receiver, so that the list of variables to set can be printed beside the files.
 *
 * The variable name rule (`receiverSecretEnvName`, the one the document check suggests too): `RECEIVER_<NAME>_<FIELD>`, where NAME is the receiver's name in upper snake case
 * (accents dropped, every run of other characters one `_`) and FIELD is `WEBHOOK_URL` (SLACK) or
 * `AUTH_PASSWORD` (EMAIL): `slack-oncall` → `RECEIVER_SLACK_ONCALL_WEBHOOK_URL`. When two receivers of the
 * organization would get the same name (`slack-oncall` and `Slack Oncall`, or a name repeated), each of them
 * gets the last 8 hexadecimal digits of its id after NAME (`RECEIVER_SLACK_ONCALL_0000A201_WEBHOOK_URL`),
 * which depends on that receiver alone, and the export says so.
 */
import { receiverSecretEnvName } from '../../documents/receiver-secrets.js';
import { visibleYaml } from '../../documents/yaml-write.js';
import {
  type AlertReceiver,
  type EmailAlertReceiver,
  isKnownTypeReceiver,
  RECEIVER_SECRET_FIELDS,
  type SlackAlertReceiver,
} from '../../service/types.js';
import { slug } from '../alert-rule/export-documents.js';
import { checkExportedReceivers } from './export-check.js';

export interface SecretVariable {
  /** The environment variable the document reads. */
  readonly name: string;
  readonly receiverId: string;
  readonly receiverName: string;
  /** `webhook_url` or `auth_password`. */
  readonly field: string;
}

export interface ExportedReceiver {
  /** A safe file name, unique among the receivers (the caller puts the files in a directory of their own). */
  readonly fileName: string;
  readonly text: string;
  readonly receiverId: string;
  readonly receiverName: string;
}

export interface ReceiverExport {
  readonly documents: readonly ExportedReceiver[];
  /** One per document, in the documents' order: what the workflow must pass through `env:`. */
  readonly variables: readonly SecretVariable[];
  /** One line per receiver left out, and one per name disambiguated by its id. */
  readonly notes: readonly string[];
}

export function exportReceiverDocuments(
  organizationId: string,
  receivers: readonly AlertReceiver[],
): ReceiverExport {
  const sorted = [...receivers].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const notes: string[] = [];
  const known: (SlackAlertReceiver | EmailAlertReceiver)[] = [];
  for (const receiver of sorted) {
    if (isKnownTypeReceiver(receiver)) known.push(receiver);
    else {
      notes.push(
        `alert receiver "${receiver.name}" (${receiver.id}) not exported: its type ${JSON.stringify(receiver.type)} is not known to this version`,
      );
    }
  }
  const names = variableNames(known, notes);
  const taken = new Set<string>();
  const documents: ExportedReceiver[] = [];
  const variables: SecretVariable[] = [];
  for (const receiver of known) {
    const variable = names.get(receiver)!;
    variables.push(variable);
    let base = slug(receiver.name);
    for (let n = 2; taken.has(base); n++) base = `${slug(receiver.name)}-${n}`;
    taken.add(base);
    documents.push({
      fileName: `${base}.yaml`,
      text: receiverText(organizationId, receiver, variable.name),
      receiverId: receiver.id,
      receiverName: receiver.name,
    });
  }
  // A document validate would refuse is never written (export-validation.ts): left out and named, and
  // its variable is not asked for.
  const checked = checkExportedReceivers(documents);
  const written = new Set(checked.valid.map((d) => d.receiverId));
  notes.push(...checked.refused);
  return {
    documents: checked.valid,
    variables: variables.filter((v) => written.has(v.receiverId)),
    notes,
  };
}

function variableNames(
  receivers: readonly (SlackAlertReceiver | EmailAlertReceiver)[],
  notes: string[],
): Map<AlertReceiver, SecretVariable> {
  const field = (r: AlertReceiver) => RECEIVER_SECRET_FIELDS[r.type as keyof typeof RECEIVER_SECRET_FIELDS];
  const plain = (r: AlertReceiver) => receiverSecretEnvName(r.name, field(r));
  const count = new Map<string, number>();
  for (const r of receivers) count.set(plain(r), (count.get(plain(r)) ?? 0) + 1);
  const out = new Map<AlertReceiver, SecretVariable>();
  for (const r of receivers) {
    let name = plain(r);
    if ((count.get(name) ?? 0) > 1) {
      const suffix = r.id
        .replace(/[^0-9a-f]/gi, '')
        .slice(-8)
        .toUpperCase();
      name = receiverSecretEnvName(r.name, field(r), suffix);
      notes.push(
        `alert receiver "${r.name}" (${r.id}) reads its ${field(r)} from ${name}: another receiver's name gives the same variable, so the id's last digits tell them apart`,
      );
    }
    out.set(r, { name, receiverId: r.id, receiverName: r.name, field: field(r) });
  }
  return out;
}

function receiverText(
  organizationId: string,
  receiver: SlackAlertReceiver | EmailAlertReceiver,
  variable: string,
): string {
  const secret = { valueFrom: { env: variable } };
  const common = {
    kind: 'AlertReceiver',
    id: receiver.id,
    organization_id: organizationId,
    name: receiver.name,
    description: receiver.description,
    type: receiver.type,
    send_resolved: receiver.send_resolved,
    owner: receiver.owner,
    severity: receiver.severity,
  };
  const document =
    receiver.type === 'SLACK'
      ? { ...common, webhook_url: secret }
      : {
          ...common,
          to: receiver.to,
          from: receiver.from,
          smarthost: receiver.smarthost,
          auth_username: receiver.auth_username,
          auth_password: secret,
          require_tls: receiver.require_tls,
        };
  // The first line names the receiver alone: it is how a later export knows the file is its own.
  return visibleYaml(
    document,
    `# Exported from the live receiver ${receiver.id}: its secret is never exported, it is read from the environment.\n`,
  );
}
