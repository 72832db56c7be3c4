import { canonicalJson } from '../core/canonical-json.js';
import type { PlatformComponentDocument } from '../documents/types.js';
import type { ClusterMode, ResolveParams, ResolveRequest } from '../service/types.js';

/**
 * What one PlatformComponent document asks the service, in the service's terms. Everything the run decides
 * about a document (is it changed, is it tied to a changed one, was the same question already asked) is a
 * comparison of these keys, so they are computed once here.
 */
export interface ComponentTarget {
  readonly document: PlatformComponentDocument;
  /** Null when neither the document nor the run names an organization. */
  readonly organizationId: string | null;
  readonly clusterMode: ClusterMode;
  readonly clusterId: string | null;
  readonly request: ResolveRequest;
  /** Same organization, template, component and cluster: "the same component" across revisions. */
  readonly identityKey: string;
  /** What the document asks about that component: equal between revisions (same identity) means unchanged. */
  readonly contentKey: string;
  /** The exact question sent to the service (parameters and canonical body): equal means one request. */
  readonly requestKey: string;
}

/** Documents may say SERVICE_MANAGED; the service only knows its own word for it. */
export function toServiceClusterMode(mode: string): ClusterMode {
  return mode === 'CUSTOMER_MANAGED' ? 'CUSTOMER_MANAGED' : 'QOVERY_MANAGED';
}

export function toComponentTarget(
  document: PlatformComponentDocument,
  defaultOrganizationId: string | null,
): ComponentTarget {
  const spec = document.value;
  const organizationId = nonEmpty(spec.organization_id) ?? nonEmpty(defaultOrganizationId);
  const clusterMode = toServiceClusterMode(spec.cluster.mode);
  const clusterId = nonEmpty(spec.cluster.id);
  // All three members are always sent (empty when absent) so that "absent" and "empty" ask the same question.
  const request: ResolveRequest = {
    profileConfig: spec.profileConfig ?? {},
    clusterInputs: spec.clusterInputs ?? {},
    componentOutputs: spec.componentOutputs ?? {},
  };
  // What the service is asked, and the cluster it is for: together, which component this document is.
  const asked = [
    organizationId,
    spec.template.key,
    spec.template.version,
    spec.component,
    clusterMode,
    spec.cluster.provider,
  ];
  return {
    document,
    organizationId,
    clusterMode,
    clusterId,
    request,
    identityKey: JSON.stringify([...asked, clusterId]),
    // Only what is sent counts as content: comments, key order and `profileConfig: {}` against an absent
    // profileConfig change nothing the service would say.
    contentKey: canonicalJson(request),
    requestKey: canonicalJson({ params: asked, body: request }),
  };
}

/** The service's parameters for a target whose organization is known. */
export function resolveParams(target: ComponentTarget, organizationId: string): ResolveParams {
  const spec = target.document.value;
  return {
    organizationId,
    templateKey: spec.template.key,
    templateVersion: spec.template.version,
    componentKey: spec.component,
    clusterMode: target.clusterMode,
    cloudProvider: spec.cluster.provider,
  };
}

/**
 * Whether two targets describe components of one installation: same organization, template (key and
 * version) and cluster context. A cluster id given on both sides must agree; a document without one is
 * taken to mean "the cluster this template is set up for", so it matches either way.
 */
export function sameInstallation(a: ComponentTarget, b: ComponentTarget): boolean {
  const x = a.document.value;
  const y = b.document.value;
  return (
    a.organizationId === b.organizationId &&
    x.template.key === y.template.key &&
    x.template.version === y.template.version &&
    a.clusterMode === b.clusterMode &&
    x.cluster.provider === y.cluster.provider &&
    (a.clusterId === null || b.clusterId === null || a.clusterId === b.clusterId)
  );
}

function nonEmpty(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
