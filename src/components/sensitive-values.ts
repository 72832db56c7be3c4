import { isPlainObject } from '../core/plain-object.js';
import type { Redactor } from '../core/redact.js';
import type { PathSegment, PlatformComponentSpec } from '../documents/types.js';
import type { FieldDescriptor, Requirement } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';
import { type Environment, isEnvReference } from './value-from.js';

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
  for (const path of sensitivePaths(target.document.value, fields, requirements))
    registerLeaves(valueAtPath(target, path), redactor);
}

/**
 * Where the document holds a value of a field the service marks sensitive: by the field descriptors
 * (nested fields and list items included), and by the requirements marked sensitive. Each path once.
 */
export function sensitivePaths(
  spec: PlatformComponentSpec,
  fields: readonly FieldDescriptor[],
  requirements: readonly Requirement[],
): PathSegment[][] {
  const found = new Map<string, PathSegment[]>();
  const keep = (path: PathSegment[]) => {
    if (valueAt(spec, path) !== undefined) found.set(JSON.stringify(path), path);
  };
  for (const path of pathsByDescriptors(spec.profileConfig, fields, ['profileConfig'])) keep(path);
  for (const requirement of requirements) {
    if (requirement.sensitive !== true) continue;
    // A requirement's scope says where the value lives; for a scope we do not know, both places count.
    if (requirement.scope !== 'PLATFORM_PROFILE') keep(['clusterInputs', requirement.key]);
    if (requirement.scope !== 'CLUSTER') keep(['profileConfig', requirement.key]);
  }
  return [...found.values()];
}

/** Keys whose values look like credentials, hidden even before (or without) the service's descriptors. */
const CREDENTIAL_KEY = /passw(or)?d|passphrase|secret|token|api[-_]?key|private[-_]?key|credential/i;

/**
 * Before any request: a resolve that fails (503, 404) tells us nothing about which fields are sensitive,
 * so values under credential-like keys are registered for every document up front.
 */
export function registerLikelySecrets(target: ComponentTarget, env: Environment, redactor: Redactor): void {
  registerLikelySecretsIn(target.document.value, env, redactor);
}

/**
 * The same for a document read on its own (the post step has no resolve answers to say which fields the
 * service marks sensitive, so it hides what looks like a credential). A value taken from the environment
 * (`valueFrom: {env}`) is hidden wherever it is used: it was put there to be kept out of sight.
 */
export function registerLikelySecretsIn(
  spec: PlatformComponentSpec,
  env: Environment,
  redactor: Redactor,
): void {
  // Strings only: a number under `tokenTtl` is not a secret, and masking it would mangle every count.
  const visit = (value: unknown, secret: boolean): void => {
    if (isEnvReference(value)) {
      registerLeaves(env[value.valueFrom.env], redactor);
    } else if (typeof value === 'string') {
      if (secret) registerLeaves(value, redactor);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, secret);
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, secret || CREDENTIAL_KEY.test(k));
    }
  };
  visit(spec.profileConfig, false);
  visit(spec.clusterInputs, false);
  visit(spec.componentOutputs, false);
}

function* pathsByDescriptors(
  values: unknown,
  fields: readonly FieldDescriptor[],
  at: readonly PathSegment[],
): Generator<PathSegment[]> {
  if (!isPlainObject(values)) return;
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined) continue;
    const path = [...at, field.key];
    if (field.sensitive === true) {
      yield path;
    } else if ('unknownKind' in field) {
      // A kind we cannot read: nothing beneath it can be checked, and it carried no `sensitive` mark.
    } else if (field.type === 'object') {
      yield* pathsByDescriptors(value, field.fields, path);
    } else if (field.type === 'array' && Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const perItem = field.itemFields?.[index];
        if (perItem) yield* pathsByDescriptors(item, perItem, [...path, index]);
        if (field.items.type === 'object')
          yield* pathsByDescriptors(item, field.items.fields, [...path, index]);
      }
    }
  }
}

/** The document's value at `path`; undefined when it has none there. */
export function valueAtPath(target: ComponentTarget, path: readonly PathSegment[]): unknown {
  return valueAt(target.document.value, path);
}

function valueAt(spec: PlatformComponentSpec, path: readonly PathSegment[]): unknown {
  let value: unknown = spec;
  for (const segment of path) {
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else value = isPlainObject(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
  }
  return value;
}

/** Every scalar under `value`; a multi-line secret (a key, a certificate) is also hidden line by line. */
function registerLeaves(value: unknown, redactor: Redactor): void {
  // A reference names a variable, not a value: the value is registered when it is read (value-from.ts).
  if (isEnvReference(value)) return;
  if (typeof value === 'string') {
    redactor.addWithLines(value);
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    redactor.add(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) registerLeaves(item, redactor);
  } else if (isPlainObject(value)) {
    for (const item of Object.values(value)) registerLeaves(item, redactor);
  }
}
