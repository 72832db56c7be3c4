import type { CatalogComponent, Descriptor } from '../model.js';
import { checkFields, checkValue } from './check-value.js';
import { VIOLATION_CODES, type Violation } from './violation.js';

export interface ResolveInput {
  readonly profileConfig: Readonly<Record<string, unknown>>;
  readonly clusterInputs: Readonly<Record<string, string>>;
  readonly componentOutputs: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * What resolvePlatformTemplateComponentConfiguration answers for one component: the catalog's fields,
 * its requirements with their readiness, its bindings, and every violation of the given values. Pure.
 *
 * Requirements of scope CLUSTER read `clusterInputs`, those of scope PLATFORM_PROFILE read `profileConfig`.
 * A requirement without a value is MISSING (no violation: readiness is what `status` says); a value that
 * is there is checked like a field, under `clusterInputs.<key>` or its bare key.
 */
export function resolveComponent(component: CatalogComponent, input: ResolveInput) {
  const violations: Violation[] = [];
  const profileRequirements = component.requirements.filter((r) => r.scope === 'PLATFORM_PROFILE');
  const clusterRequirements = component.requirements.filter((r) => r.scope === 'CLUSTER');

  checkFields(
    component.fields,
    input.profileConfig,
    '',
    violations,
    profileRequirements.map((r) => r.key),
  );

  const requirements = component.requirements.map((requirement) => {
    const { scope, ...descriptor } = requirement;
    const cluster = scope === 'CLUSTER';
    const value = cluster ? input.clusterInputs[requirement.key] : input.profileConfig[requirement.key];
    const present = value !== undefined && value !== null && value !== '';
    if (present) {
      const path = cluster ? `clusterInputs.${requirement.key}` : requirement.key;
      checkValue(descriptor as unknown as Descriptor, value, path, violations);
    }
    return { ...descriptor, scope, status: present ? 'READY' : 'MISSING' };
  });

  const expectedInputs = new Set(clusterRequirements.map((r) => r.key));
  for (const key of Object.keys(input.clusterInputs)) {
    if (expectedInputs.has(key)) continue;
    const names = [...expectedInputs].sort().join(', ') || 'none';
    violations.push({
      code: VIOLATION_CODES.unknownField,
      fieldPath: `clusterInputs.${key}`,
      message: `clusterInputs.${key} is not an input of ${component.key} (its cluster inputs: ${names}). Remove it or fix its name.`,
    });
  }

  return {
    componentKey: component.key,
    fields: component.fields,
    requirements,
    componentBindings: component.bindings.map(({ input: bound, fromComponent, output }) => ({
      input: bound,
      fromComponent,
      output,
    })),
    violations,
  };
}
