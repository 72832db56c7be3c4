import { type OperationRequest, organizationList, path } from './operation-request.js';
import type { ClusterContext, ResolveParams, ResolveRequest } from './types.js';

/**
 * The requests of the platform catalog, each built as data (operation-request.ts): its templates, and a
 * component's resolution.
 */

export function resolvePlatformTemplateComponentConfiguration(
  params: ResolveParams,
  body: ResolveRequest,
): OperationRequest {
  const { organizationId, templateKey, templateVersion, componentKey } = params;
  return {
    operation: 'resolvePlatformTemplateComponentConfiguration',
    method: 'POST',
    path: path`/organization/${organizationId}/platformTemplate/${templateKey}/${templateVersion}/component/${componentKey}/resolve`,
    query: { clusterMode: params.clusterMode, cloudProvider: params.cloudProvider },
    body: {
      ...(body.profileConfig !== undefined ? { profileConfig: body.profileConfig } : {}),
      ...(body.clusterInputs !== undefined ? { clusterInputs: body.clusterInputs } : {}),
      ...(body.componentOutputs !== undefined ? { componentOutputs: body.componentOutputs } : {}),
    },
    // Read-only on the service's side: repeating it is as safe as a GET.
    safety: 'idempotent',
    forbidden: `resolve platform components of organization ${organizationId}`,
    notFound: `template ${templateKey} ${templateVersion} or its component ${componentKey} was not found in the catalog of organization ${organizationId}`,
  };
}

export function listPlatformTemplates(organizationId: string, context?: ClusterContext): OperationRequest {
  return {
    ...organizationList('listPlatformTemplates', organizationId, 'platformTemplate', 'platform templates'),
    ...(context ? { query: { clusterMode: context.clusterMode, cloudProvider: context.cloudProvider } } : {}),
  };
}
