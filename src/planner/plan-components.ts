/** The platform components' part of a plan: each resolved by the service (dry run), nothing written. */
import { resolveComponents } from '../components/resolve.js';
import type { ComponentResult } from '../components/types.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { PlatformComponentDocument } from '../documents/types.js';
import type { RunContext } from '../run/types.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import type { NameDirectory } from './name-directory.js';
import { resolveComponentNamesStep } from './resolve-names-step.js';
import { serviceError } from './service-findings.js';

export interface ResolvedComponents {
  readonly results: readonly ComponentResult[];
  readonly diagnostics: readonly Diagnostic[];
  /** The documents sent, their cluster names resolved into ids (absent: as loaded). */
  readonly documents?: readonly PlatformComponentDocument[];
}

export const NOTHING_RESOLVED: ResolvedComponents = { results: [], diagnostics: [] };

/**
 * On a pull request only the components that changed since the base (and those tied to them) are
 * resolved; every one when the run asks for all or there is no base. A service failure is a finding.
 */
export async function resolveAll(
  ctx: RunContext,
  client: ServiceClient,
  components: readonly PlatformComponentDocument[],
  baseComponents: readonly PlatformComponentDocument[] | null,
): Promise<ResolvedComponents> {
  try {
    return await resolveComponents({
      documents: components,
      baseDocuments: ctx.allComponents ? null : baseComponents,
      client,
      defaultOrganizationId: ctx.organizationId,
      concurrency: ctx.concurrency,
      redactor: ctx.redactor,
      env: ctx.env,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { results: [], diagnostics: [serviceError('Platform components could not be resolved', error)] };
  }
}

/**
 * resolveAll, once the components' cluster names are resolved into ids (the clusters list of each
 * organization that needs it, from the run's directory). A component whose name does not resolve is not
 * sent; the base's components are resolved alike, so that a name is not taken for a change.
 */
export async function resolveNamedComponents(
  ctx: RunContext,
  client: ServiceClient,
  directory: NameDirectory,
  components: readonly PlatformComponentDocument[],
  baseComponents: readonly PlatformComponentDocument[] | null,
): Promise<ResolvedComponents> {
  const named = await resolveComponentNamesStep(directory, components, ctx.organizationId);
  const base =
    baseComponents === null
      ? null
      : (await resolveComponentNamesStep(directory, baseComponents, ctx.organizationId)).documents;
  const resolved =
    named.documents.length > 0 ? await resolveAll(ctx, client, named.documents, base) : NOTHING_RESOLVED;
  return {
    results: resolved.results,
    diagnostics: [...named.diagnostics, ...resolved.diagnostics],
    documents: named.documents,
  };
}
