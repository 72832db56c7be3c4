import { compareDiagnostics, type Diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import type { PlatformComponentDocument } from '../documents/types.js';
import { ApiError } from '../service/errors.js';
import type { ComponentBinding, FieldDescriptor, Requirement, ServiceClient } from '../service/types.js';
import {
  type UnreadableOrganization,
  unknownOrganizationFinding,
  unreadableOrganization,
} from '../service/unknown-organization.js';
import { explainNotFound } from './catalog-explanation.js';
import { type ComponentTarget, toComponentTarget } from './component-target.js';
import { deprecatedTemplateDiagnostics } from './deprecated-templates.js';
import { componentResult, type Outcome, outcomeDiagnostics } from './document-outcome.js';
import { classifyFailure } from './failures.js';
import { ComponentResolver } from './resolver.js';
import { catalogKey, findChanges, tiedByBindings, tiedByOutputs } from './selection.js';
import {
  registerLikelySecrets,
  registerSensitiveValues,
  sensitivePaths,
  valueAtPath,
} from './sensitive-values.js';
import type { ComponentReport } from './types.js';
import {
  bindEnvironment,
  type Environment,
  hasLiteralValue,
  sensitiveLiteralDiagnostic,
} from './value-from.js';

export interface ResolveComponentsInput {
  /** Every PlatformComponent document at the head revision. */
  readonly documents: readonly PlatformComponentDocument[];
  /**
   * The same documents at the base revision (pull requests): only those that changed, and those tied to
   * a changed one, are resolved. Null: resolve every document (schedule, dispatch, `--all`, no history).
   */
  readonly baseDocuments: readonly PlatformComponentDocument[] | null;
  readonly client: ServiceClient;
  readonly defaultOrganizationId: string | null;
  readonly concurrency: number;
  /** Sensitive values are registered here before anything is reported. */
  readonly redactor: Redactor;
  /** Where `valueFrom: {env: NAME}` values are read, just before each resolve is sent. */
  readonly env: Environment;
}

const SKIPPED = 'Unchanged in this change and not tied to a changed component.';

/** Resolves the selected components against the service and maps what it says onto the documents' lines. */
export async function resolveComponents(input: ResolveComponentsInput): Promise<ComponentReport> {
  const head = input.documents.map((d) => toComponentTarget(d, input.defaultOrganizationId));
  for (const target of head) registerLikelySecrets(target, input.env, input.redactor);
  const resolver = new ComponentResolver(input.client, input.concurrency);
  const outcomes = new Map<ComponentTarget, Outcome>();
  const resolveAll = (batch: readonly ComponentTarget[]) =>
    Promise.all(
      batch.map(async (target) =>
        outcomes.set(target, await resolveOne(resolver, target, input.env, input.redactor)),
      ),
    );

  if (input.baseDocuments === null) {
    await resolveAll(head);
  } else {
    // Selection in two rounds; see selection.ts for why this is the fewest requests that stay correct.
    const base = input.baseDocuments.map((d) => toComponentTarget(d, input.defaultOrganizationId));
    const { changed, removed } = findChanges(head, base);
    const producers = [...changed, ...removed];
    const selected = new Set(changed);
    for (const target of tiedByOutputs(head, producers, selected)) selected.add(target);
    await resolveAll([...selected]);
    await resolveAll(tiedByBindings(head, producers, learnedBindings(outcomes), selected));
  }

  const literals = registerAllSensitiveValues(head, outcomes, input.redactor);
  const deprecated = await deprecatedTemplateDiagnostics(outcomes, (org) => resolver.templates(org));
  const results = head.map((target) => componentResult(target, outcomes.get(target) ?? skipped()));
  // Descriptor kinds this version does not know are tolerated here (they only ever reach the sensitive-value
  // walk); the client already reports each unknown kind once per run, so a second notice would repeat it.
  const diagnostics = [
    ...unknownOrganizations(outcomes),
    ...documentFindings(head, outcomes, input.redactor),
    ...literals,
    ...deprecated,
  ].sort(compareDiagnostics);
  return { results, diagnostics };
}

/** One finding per organization the run could not read, whatever the number of its documents. */
function unknownOrganizations(outcomes: ReadonlyMap<ComponentTarget, Outcome>): Diagnostic[] {
  const organizations = new Map<string, UnreadableOrganization>();
  for (const outcome of outcomes.values()) {
    if (outcome.kind === 'unknown-organization') organizations.set(outcome.organizationId, outcome.status);
  }
  return [...organizations].map(([organizationId, status]) =>
    unknownOrganizationFinding(organizationId, status),
  );
}

function skipped(): Outcome {
  return { kind: 'skipped', reason: SKIPPED };
}

async function resolveOne(
  resolver: ComponentResolver,
  unbound: ComponentTarget,
  env: Environment,
  redactor: Redactor,
): Promise<Outcome> {
  const { organizationId } = unbound;
  if (organizationId === null) return { kind: 'no-organization' };
  const binding = bindEnvironment(unbound, env, redactor);
  if (!binding.ok)
    return { kind: 'env-missing', diagnostics: binding.diagnostics, variables: binding.missing };
  const { target } = binding;
  const resolution = await resolver.resolve(target, organizationId);
  if (resolution.ok) return { kind: 'attempted', resolution };
  // A 403 to a request addressed to the organization: the organization refuses this token (the client
  // sends nothing more with it), one finding about the organization for the run, as the rules' reads
  // give, not one "access denied" per component.
  if (resolution.error.status === 403) return { kind: 'unknown-organization', organizationId, status: 403 };
  if (classifyFailure(resolution.error) !== 'not-found') return { kind: 'attempted', resolution };
  // Only a 404 needs the template list, and one list per organization explains every 404 in it.
  const templates = await resolver.templates(organizationId);
  const unreadable = unreadableOrganization(templates);
  if (unreadable === 404) return { kind: 'unknown-organization', organizationId, status: unreadable };
  return templates instanceof ApiError
    ? { kind: 'attempted', resolution, notFound: null, catalogError: templates }
    : { kind: 'attempted', resolution, notFound: explainNotFound(target, templates), catalogError: null };
}

function learnedBindings(outcomes: ReadonlyMap<ComponentTarget, Outcome>): Map<string, ComponentBinding[]> {
  const learned = new Map<string, ComponentBinding[]>();
  for (const [target, outcome] of outcomes) {
    if (outcome.kind === 'attempted' && outcome.resolution.ok) {
      learned.set(catalogKey(target), [...outcome.resolution.response.componentBindings]);
    }
  }
  return learned;
}

/**
 * Descriptors belong to the catalog entry, so what one response marks sensitive is hidden for every
 * document of that entry, including those skipped or failed in this run. A sensitive value written in a
 * document resolved in this run is a warning; documents the run skipped are not this change's business.
 */
function registerAllSensitiveValues(
  head: readonly ComponentTarget[],
  outcomes: ReadonlyMap<ComponentTarget, Outcome>,
  redactor: Redactor,
): Diagnostic[] {
  const descriptors = new Map<string, { fields: FieldDescriptor[]; requirements: Requirement[] }>();
  for (const [target, outcome] of outcomes) {
    if (outcome.kind !== 'attempted' || !outcome.resolution.ok) continue;
    const { fields, requirements } = outcome.resolution.response;
    const known = descriptors.get(catalogKey(target)) ?? { fields: [], requirements: [] };
    known.fields.push(...fields);
    known.requirements.push(...requirements);
    descriptors.set(catalogKey(target), known);
  }
  const literals: Diagnostic[] = [];
  for (const target of head) {
    const known = descriptors.get(catalogKey(target));
    if (!known) continue;
    registerSensitiveValues(target, known.fields, known.requirements, redactor);
    if (outcomes.get(target)?.kind !== 'attempted') continue;
    for (const path of sensitivePaths(target.document.value, known.fields, known.requirements)) {
      if (hasLiteralValue(valueAtPath(target, path))) literals.push(sensitiveLiteralDiagnostic(target, path));
    }
  }
  return literals;
}

/**
 * Every document's findings, except that a refused token (401), organization (403), a spent rate limit or
 * an unreachable service is reported once: the same refusal on fifty documents would bury every other finding.
 */
function documentFindings(
  head: readonly ComponentTarget[],
  outcomes: ReadonlyMap<ComponentTarget, Outcome>,
  redactor: Redactor,
): Diagnostic[] {
  const reported = new Set<string>();
  const out: Diagnostic[] = [];
  for (const target of head) {
    const outcome = outcomes.get(target);
    if (!outcome) continue;
    if (outcome.kind === 'attempted' && !outcome.resolution.ok) {
      const { error } = outcome.resolution;
      const failure = classifyFailure(error);
      if (failure === 'auth' || failure === 'rate-limited' || failure === 'unreachable') {
        const key = error.status === 403 ? `403 ${target.organizationId}` : failure;
        if (reported.has(key)) continue;
        reported.add(key);
      }
    }
    out.push(...outcomeDiagnostics(target, outcome, head, redactor));
  }
  return out;
}
