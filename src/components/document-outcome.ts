import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import type { ApiError } from '../service/errors.js';
import type { UnreadableOrganization } from '../service/unknown-organization.js';
import type { NotFoundExplanation } from './catalog-explanation.js';
import type { ComponentTarget } from './component-target.js';
import { failureDiagnostic, failureReason } from './failures.js';
import { missingRequirementDiagnostic, unboundBindingDiagnostics } from './requirements.js';
import type { Resolution } from './resolver.js';
import type { ComponentResult } from './types.js';
import { anchor, violationDiagnostic } from './violations.js';

/** What happened to one document in this run, before it is turned into a result and findings. */
export type Outcome =
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'no-organization' }
  /** The organization's own template list answered 404: the organization is unknown (one finding for it). */
  | {
      readonly kind: 'unknown-organization';
      readonly organizationId: string;
      /** 404: the service does not know it (or hides it); 403: the token may not access it. */
      readonly status: UnreadableOrganization;
    }
  /** A `valueFrom: {env}` variable was not set: the document was not sent. */
  | {
      readonly kind: 'env-missing';
      readonly diagnostics: readonly Diagnostic[];
      readonly variables: readonly string[];
    }
  | {
      readonly kind: 'attempted';
      readonly resolution: Resolution;
      /** For a 404: what the template list told, and why it could not be read. */
      readonly notFound?: NotFoundExplanation | null;
      readonly catalogError?: ApiError | null;
    };

export function componentResult(target: ComponentTarget, outcome: Outcome): ComponentResult {
  const spec = target.document.value;
  const base = {
    file: target.document.file,
    line: anchor(target, []).line,
    organizationId: target.organizationId ?? '',
    templateKey: spec.template.key,
    templateVersion: spec.template.version,
    componentKey: spec.component,
    clusterMode: target.clusterMode,
    cloudProvider: spec.cluster.provider,
  };
  // What a document that was not resolved reports: no violations, requirements or bindings, and why.
  const unresolved = (status: 'skipped' | 'failed', reason: string): ComponentResult => ({
    ...base,
    status,
    violations: 0,
    requirements: [],
    bindings: [],
    reason,
  });
  if (outcome.kind === 'skipped') return unresolved('skipped', outcome.reason);
  if (outcome.kind === 'no-organization') {
    return unresolved(
      'failed',
      'No organization: the document names none and no default organization is configured.',
    );
  }
  if (outcome.kind === 'unknown-organization') {
    return unresolved(
      'failed',
      outcome.status === 403
        ? `Not resolved: organization ${outcome.organizationId} cannot be read with this token (see the finding about it).`
        : `Not resolved: organization ${outcome.organizationId} was not found (see the finding about it).`,
    );
  }
  if (outcome.kind === 'env-missing') {
    const names = outcome.variables.map((name) => `\`${name}\``).join(', ');
    const plural = outcome.variables.length === 1 ? '' : 's';
    return unresolved('failed', `Not resolved: environment variable${plural} ${names} not set.`);
  }
  const { resolution } = outcome;
  if (!resolution.ok) {
    return { ...unresolved('failed', failureReason(resolution.error)), shared: resolution.shared };
  }
  const { response } = resolution;
  return {
    ...base,
    status: 'resolved',
    violations: response.violations.length,
    // The summary carries no value, only what a person needs to know who must act.
    requirements: response.requirements.map((r) => ({
      key: r.key,
      label: r.label,
      scope: r.scope,
      status: r.status,
      sensitive: r.sensitive === true,
    })),
    bindings: response.componentBindings.map(({ input, fromComponent, output }) => ({
      input,
      fromComponent,
      output,
    })),
    shared: resolution.shared,
  };
}

/** The findings for one document: violations, missing requirements and unbound inputs, or its failure. */
export function outcomeDiagnostics(
  target: ComponentTarget,
  outcome: Outcome,
  all: readonly ComponentTarget[],
  redactor: Redactor,
): Diagnostic[] {
  // An unknown organization is one finding of the run (resolve.ts), not one per document.
  if (outcome.kind === 'skipped' || outcome.kind === 'unknown-organization') return [];
  if (outcome.kind === 'no-organization') {
    return [
      diagnostic(
        'error',
        target.document.file,
        anchor(target, []),
        'component.no-organization',
        `No organization for component \`${target.document.value.component}\`: add \`organization_id\` to the ` +
          'document, or configure a default organization (`--org` on the command line, the `organization-id` ' +
          'input of the action).',
        'No organization',
      ),
    ];
  }
  if (outcome.kind === 'env-missing') return [...outcome.diagnostics];
  const { resolution } = outcome;
  if (!resolution.ok) {
    return [failureDiagnostic(target, resolution.error, redactor, outcome.notFound, outcome.catalogError)];
  }
  const { response } = resolution;
  return [
    ...response.violations.map((v) => violationDiagnostic(target, v, redactor)),
    ...response.requirements
      .filter((r) => r.status === 'MISSING')
      .map((r) => missingRequirementDiagnostic(target, r)),
    ...unboundBindingDiagnostics(target, response.componentBindings, all),
  ];
}
