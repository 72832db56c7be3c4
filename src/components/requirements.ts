import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { PathSegment } from '../documents/types.js';
import type { ComponentBinding, Requirement } from '../service/types.js';
import { type ComponentTarget, sameInstallation } from './component-target.js';
import { existingPrefix, formatPath } from './field-path.js';
import { anchor } from './violations.js';

/**
 * A requirement the service reports MISSING, as a warning that says who must provide the value: the
 * cluster (a cluster input in this document) or the platform profile. Never its value: it may be sensitive.
 */
export function missingRequirementDiagnostic(target: ComponentTarget, requirement: Requirement): Diagnostic {
  const name =
    requirement.label && requirement.label !== requirement.key
      ? `'${requirement.label}' (${requirement.key})`
      : `'${requirement.key}'`;
  let path: PathSegment[] | null = null;
  let who: string;
  if (requirement.scope === 'CLUSTER') {
    path = ['clusterInputs', requirement.key];
    who = `the cluster must provide it: set the cluster input \`${formatPath(path)}\``;
  } else if (requirement.scope === 'PLATFORM_PROFILE') {
    path = ['profileConfig', requirement.key];
    who = `the platform profile must provide it: set the platform profile field \`${formatPath(path)}\``;
  } else {
    who = `the service expects it from scope ${requirement.scope}`;
  }
  const at = path === null ? [] : existingPrefix(target.document.value, path);
  return diagnostic(
    'warning',
    target.document.file,
    anchor(target, at),
    'component.requirement-missing',
    `Component \`${target.document.value.component}\` requires ${name}, which is missing; ${who}.`,
    'Missing requirement',
  );
}

/**
 * A binding takes an input from another component's output. When no document in the set describes that
 * component for the same installation, nothing will produce the value: a warning on the consumer.
 */
export function unboundBindingDiagnostics(
  target: ComponentTarget,
  bindings: readonly ComponentBinding[],
  all: readonly ComponentTarget[],
): Diagnostic[] {
  const spec = target.document.value;
  return bindings
    .filter(
      (binding) =>
        !all.some(
          (other) =>
            other.document.value.component === binding.fromComponent && sameInstallation(target, other),
        ),
    )
    .map((binding) =>
      diagnostic(
        'warning',
        target.document.file,
        anchor(target, []),
        'component.binding-unbound',
        `Input \`${binding.input}\` of \`${spec.component}\` is bound to output \`${binding.output}\` of component ` +
          `\`${binding.fromComponent}\`, but no document describes \`${binding.fromComponent}\` for template ` +
          `${spec.template.key} ${spec.template.version} on ${target.clusterMode}/${spec.cluster.provider}` +
          `${target.organizationId ? ` in organization ${target.organizationId}` : ''}.`,
        'Unbound component input',
      ),
    );
}
