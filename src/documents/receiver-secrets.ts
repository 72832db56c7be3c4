/**
 * The checks of an alert-receiver document beyond its schema: its secret is never written in git, and it
 * holds only the fields of its type. The schema accepts a written secret so that this check can say, on
 * its line, how to move it out (a schema error would only say "must be an object").
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import { tooWeakToHide } from '../core/secret-strength.js';
import { RECEIVER_SECRET_FIELDS } from '../service/types.js';
import { CODES } from './codes.js';
import { upperSnake } from './env-name.js';
import type { Locator } from './locate.js';
import type { AlertReceiverSpec, Document } from './types.js';

/** A receiver's secret field (RECEIVER_SECRET_FIELDS): write-only at the service, `{valueFrom: {env}}` here. */
export type ReceiverSecretField = (typeof RECEIVER_SECRET_FIELDS)[keyof typeof RECEIVER_SECRET_FIELDS];

/** The fields only one type has: a field of the other type is refused rather than silently not sent. */
const TYPE_FIELDS: Readonly<Record<AlertReceiverSpec['type'], readonly string[]>> = {
  SLACK: ['webhook_url'],
  EMAIL: ['to', 'from', 'smarthost', 'auth_username', 'auth_password', 'require_tls'],
};

/**
 * The one home of the name of the environment variable a receiver's secret is read from: what the error
 * about a secret written in a document suggests, what `export` and `init` write, and what the workflow
 * passes. `RECEIVER_<NAME>_<FIELD>` (`slack-oncall`, `webhook_url` → `RECEIVER_SLACK_ONCALL_WEBHOOK_URL`);
 * `tag` sets apart two receivers whose names give the same NAME (`export` gives the id's last digits).
 */
export function receiverSecretEnvName(receiverName: string, field: ReceiverSecretField, tag = ''): string {
  return `RECEIVER_${upperSnake(receiverName)}${tag === '' ? '' : `_${tag}`}_${field.toUpperCase()}`;
}

export function receiverDocumentFindings(
  file: string,
  value: Readonly<Record<string, unknown>>,
  locate: Locator,
): Diagnostic[] {
  const spec = value as unknown as AlertReceiverSpec;
  const findings: Diagnostic[] = [];
  const other = spec.type === 'SLACK' ? 'EMAIL' : 'SLACK';
  for (const field of TYPE_FIELDS[other]) {
    if (!Object.hasOwn(value, field) || TYPE_FIELDS[spec.type].includes(field)) continue;
    findings.push(
      diagnostic(
        'error',
        file,
        locate([field]),
        CODES.unknownField,
        `\`${field}\` is a field of ${other} receivers; this receiver's type is ${spec.type}: remove it`,
      ),
    );
  }
  for (const field of Object.values(RECEIVER_SECRET_FIELDS)) {
    if (typeof value[field] !== 'string') continue;
    const env = receiverSecretEnvName(spec.name, field);
    findings.push(
      diagnostic(
        'error',
        file,
        locate([field], 'value'),
        CODES.secretLiteral,
        `\`${field}\` is a secret, and its value is written in the document, so it is in git. Take it from ` +
          `the environment instead: \`${field}: {valueFrom: {env: ${env}}}\`, with \`env: ${env}: ` +
          `\${{ secrets.${env} }}\` on the workflow step (on a terminal, export ${env}); then change the ` +
          'secret itself, since git history keeps the old one.',
        'Secret in git',
      ),
    );
  }
  return findings;
}

/**
 * Each value a receiver document takes from the environment (but one too weak to hide, which the plan
 * refuses), registered with the run's redactor (and so the runner's mask) before any request: nothing
 * reported afterwards can show it. The post step does the same, since a log it shows may quote the value.
 */
export function registerReceiverSecrets(
  documents: readonly Document[],
  env: Readonly<Record<string, string | undefined>>,
  redactor: Redactor,
): void {
  for (const doc of documents) {
    if (doc.kind !== 'AlertReceiver') continue;
    for (const reference of [doc.value.webhook_url, doc.value.auth_password]) {
      const value = reference === undefined ? undefined : env[reference.valueFrom.env];
      // A value too short or too common to hide is refused by the plan (plan.receiver-secret-weak) and
      // never sent; registering it would replace those characters in every text of the run.
      if (value === undefined || tooWeakToHide(value) !== null) continue;
      redactor.addWithLines(value);
    }
  }
}
