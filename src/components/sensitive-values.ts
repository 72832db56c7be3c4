import type { Redactor } from '../core/redact.js';
import type { PlatformComponentSpec } from '../documents/types.js';
import type { FieldDescriptor, Requirement } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';

/**
 * Values of fields the service marks `sensitive` must never leave the process. Nothing here prints a
 * value; it only registers values with the run's redactor, which every reporter passes its text through.
 * Registration happens before any finding of the run is built, so even a service message that quotes a
 * value back is caught.
 */
export function registerSensitiveValues(
  target: ComponentTarget,
  fields: readonly FieldDescriptor[],
  requirements: readonly Requirement[],
  redactor: Redactor,
): void {
  const spec = target.document.value;
  registerByDescriptors(spec.profileConfig, fields, redactor);
  for (const requirement of requirements) {
    if (requirement.sensitive !== true) continue;
    // A requirement's scope says where the value lives; for a scope we do not know, hide both places.
    if (requirement.scope !== 'PLATFORM_PROFILE')
      registerLeaves(spec.clusterInputs?.[requirement.key], redactor);
    if (requirement.scope !== 'CLUSTER') registerLeaves(spec.profileConfig?.[requirement.key], redactor);
  }
}

/** Keys whose values look like credentials, hidden even before (or without) the service's descriptors. */
const CREDENTIAL_KEY = /passw(or)?d|passphrase|secret|token|api[-_]?key|private[-_]?key|credential/i;

/**
 * Before any request: a resolve that fails (503, 404) tells us nothing about which fields are sensitive,
 * so values under credential-like keys are registered for every document up front.
 */
export function registerLikelySecrets(target: ComponentTarget, redactor: Redactor): void {
  registerLikelySecretsIn(target.document.value, redactor);
}

/**
 * The same for a document read on its own (the post step has no resolve answers to say which fields the
 * service marks sensitive, so it hides what looks like a credential).
 */
export function registerLikelySecretsIn(spec: PlatformComponentSpec, redactor: Redactor): void {
  // Strings only: a number under `tokenTtl` is not a secret, and masking it would mangle every count.
  const visit = (value: unknown, secret: boolean): void => {
    if (typeof value === 'string') {
      if (secret) registerLeaves(value, redactor);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, secret);
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, secret || CREDENTIAL_KEY.test(k));
    }
  };
  visit(spec.profileConfig, false);
  visit(spec.clusterInputs, false);
  visit(spec.componentOutputs, false);
}

function registerByDescriptors(
  values: unknown,
  fields: readonly FieldDescriptor[],
  redactor: Redactor,
): void {
  if (!isRecord(values)) return;
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined) continue;
    if (field.sensitive === true) {
      registerLeaves(value, redactor);
    } else if ('unknownKind' in field) {
      // A kind we cannot read: nothing beneath it can be checked, and it carried no `sensitive` mark.
    } else if (field.type === 'object') {
      registerByDescriptors(value, field.fields, redactor);
    } else if (field.type === 'array' && Array.isArray(value)) {
      value.forEach((item, index) => {
        const perItem = field.itemFields?.[index];
        if (perItem) registerByDescriptors(item, perItem, redactor);
        if (field.items.type === 'object') registerByDescriptors(item, field.items.fields, redactor);
      });
    }
  }
}

/** Every scalar under `value`; a multi-line secret (a key, a certificate) is also hidden line by line. */
function registerLeaves(value: unknown, redactor: Redactor): void {
  if (typeof value === 'string') {
    redactor.add(value);
    if (value.includes('\n')) for (const line of value.split(/\r?\n/)) redactor.add(line);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    redactor.add(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) registerLeaves(item, redactor);
  } else if (isRecord(value)) {
    for (const item of Object.values(value)) registerLeaves(item, redactor);
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
