/**
 * The findings about a receiver document's secrets that the plan makes from the run's environment: a
 * secret to send whose variable is unset, and a value too weak to hide. Each sits on the document's
 * `valueFrom` line and names the variable, never the value.
 */
import { type Diagnostic, diagnostic } from '../../core/diagnostic.js';
import { SECRET_RULE, tooWeakToHide } from '../../core/secret-strength.js';
import type { AlertReceiverDocument, AlertReceiverSpec } from '../../documents/types.js';
import type { SecretSend } from '../../model/alert-receiver-change.js';
import { PLAN_CODES } from '../../model/codes.js';
import { RECEIVER_SECRET_FIELDS } from '../../service/types.js';

/** A secret to be sent whose variable is unset or empty: an error on its line, before any write. */
export function missingSecrets(
  doc: AlertReceiverDocument,
  secrets: readonly SecretSend[],
  env: Readonly<Record<string, string | undefined>>,
): Diagnostic[] {
  return secrets
    .filter((s) => (env[s.env] ?? '') === '')
    .map((s) =>
      diagnostic(
        'error',
        doc.file,
        doc.locate([s.field, 'valueFrom', 'env'], 'value'),
        PLAN_CODES.receiverSecretMissing,
        `\`${s.field}\` of alert receiver "${doc.value.name}" is read from the environment variable \`${s.env}\`, ` +
          `which is not set (or is empty) in this run, and this plan sends it. In a workflow, pass it to the ` +
          `step: \`env: ${s.env}: \${{ secrets.${s.env} }}\` (and check that the secret exists); on a terminal, export it first.`,
        'Environment variable not set',
      ),
    );
}

/**
 * A secret whose value is set but too short or too common to hide (core/secret-strength.ts): an error on
 * its line whether or not this plan sends it, since hiding it would hide every text holding those
 * characters (it is not registered with the redactor either, documents/receiver-secrets.ts). The finding
 * names the variable and why, never the value.
 */
export function weakSecrets(
  doc: AlertReceiverDocument,
  env: Readonly<Record<string, string | undefined>>,
): Diagnostic[] {
  return secretsOf(doc.value).flatMap((s) => {
    const value = env[s.env] ?? '';
    const why = value === '' ? null : tooWeakToHide(value);
    if (why === null) return [];
    return [
      diagnostic(
        'error',
        doc.file,
        doc.locate([s.field, 'valueFrom', 'env'], 'value'),
        PLAN_CODES.receiverSecretWeak,
        `\`${s.field}\` of alert receiver "${doc.value.name}" is read from the environment variable \`${s.env}\`, ` +
          `whose value cannot be hidden safely: ${why}. Every text the tool writes would have those characters ` +
          `replaced (rule names included), so it is refused: a secret needs ${SECRET_RULE}. Set \`${s.env}\` ` +
          'to the real secret (the webhook address, the password); nothing is written until then.',
        'Secret too weak to hide',
      ),
    ];
  });
}

/** The secret of the document's type, as a send (its variable). */
export function secretsOf(spec: AlertReceiverSpec): SecretSend[] {
  const field = RECEIVER_SECRET_FIELDS[spec.type];
  const reference = spec[field];
  return reference === undefined ? [] : [{ field, env: reference.valueFrom.env }];
}
