import { badRequest, notFound } from '../http-error.js';
import type { CatalogComponent, CatalogLayer, Template } from '../model.js';
import { type ResolveInput, resolveComponent } from '../resolve/resolve-component.js';
import { CLOUD_PROVIDERS, CLUSTER_MODES } from '../wire.js';
import { type Answer, objectBody, organizationFromPath, type RequestContext } from './request-context.js';

interface ClusterContext {
  readonly clusterMode: string;
  readonly cloudProvider: string;
}

/**
 * listPlatformTemplates: the released catalog (drafts stay hidden). With a cluster context (clusterMode
 * and cloudProvider, both or neither) only the layers that apply to it are listed.
 */
export function listPlatformTemplates(context: RequestContext): Answer {
  organizationFromPath(context);
  const mode = context.query.get('clusterMode');
  const provider = context.query.get('cloudProvider');
  if ((mode === null) !== (provider === null)) {
    throw badRequest('clusterMode and cloudProvider must be supplied together');
  }
  const cluster = mode === null ? null : readClusterContext(context);
  const results = released(context)
    .map((template) => ({
      key: template.key,
      version: template.version,
      status: template.status,
      description: template.description,
      layers: template.layers.filter((layer) => !cluster || applies(layer, cluster)).map(layerSummary),
    }))
    .filter((template) => template.layers.length > 0);
  return { status: 200, body: { results } };
}

/** resolvePlatformTemplateComponentConfiguration: read-only; no cluster needed. */
export function resolvePlatformTemplateComponentConfiguration(context: RequestContext): Answer {
  organizationFromPath(context);
  const cluster = readClusterContext(context);
  const component = findComponent(context, cluster);
  const input = readResolveBody(context);
  return { status: 200, body: resolveComponent(component, input) };
}

function readClusterContext(context: RequestContext): ClusterContext {
  const clusterMode = context.query.get('clusterMode');
  const cloudProvider = context.query.get('cloudProvider');
  if (clusterMode === null) throw badRequest('clusterMode: is required');
  if (!(CLUSTER_MODES as readonly string[]).includes(clusterMode)) {
    throw badRequest(`clusterMode: must be one of ${CLUSTER_MODES.join(', ')}`);
  }
  if (cloudProvider === null) throw badRequest('cloudProvider: is required');
  if (!(CLOUD_PROVIDERS as readonly string[]).includes(cloudProvider)) {
    throw badRequest(`cloudProvider: must be one of ${CLOUD_PROVIDERS.join(', ')}`);
  }
  return { clusterMode, cloudProvider };
}

function released(context: RequestContext): readonly Template[] {
  return context.store.seed.templates.filter((t) => t.status !== 'DRAFT');
}

/** 404 names what is missing: the template, the version, the component, or the component for this cluster. */
function findComponent(context: RequestContext, cluster: ClusterContext): CatalogComponent {
  const { templateKey = '', templateVersion = '', componentKey = '' } = context.params;
  const versions = released(context).filter((t) => t.key === templateKey);
  if (versions.length === 0) throw notFound(`platform template ${templateKey} not found`);
  const template = versions.find((t) => t.version === templateVersion);
  if (!template) {
    const known = versions.map((t) => t.version).join(', ');
    throw notFound(
      `version ${templateVersion} of platform template ${templateKey} not found (versions: ${known})`,
    );
  }
  const layer = template.layers.find((l) => l.components.some((c) => c.key === componentKey));
  const component = layer?.components.find((c) => c.key === componentKey);
  if (!layer || !component) {
    throw notFound(
      `component ${componentKey} not found in platform template ${templateKey} ${templateVersion}`,
    );
  }
  if (!applies(layer, cluster)) {
    throw notFound(
      `component ${componentKey} of platform template ${templateKey} ${templateVersion} does not apply to ` +
        `${cluster.clusterMode} clusters on ${cluster.cloudProvider}`,
    );
  }
  return component;
}

function readResolveBody(context: RequestContext): ResolveInput {
  if (context.body === undefined) throw badRequest('the request body is required');
  const body = objectBody(context);
  const profileConfig = optionalObject(body.profileConfig, 'profileConfig');
  const clusterInputs = stringMap(optionalObject(body.clusterInputs, 'clusterInputs'), 'clusterInputs');
  const outputs = optionalObject(body.componentOutputs, 'componentOutputs');
  const componentOutputs = Object.fromEntries(
    Object.entries(outputs).map(([component, values]) => [
      component,
      stringMap(optionalObject(values, `componentOutputs.${component}`), `componentOutputs.${component}`),
    ]),
  );
  return { profileConfig, clusterInputs, componentOutputs };
}

/** Optional, but an object when present: the description does not declare these nullable. */
function optionalObject(value: unknown, name: string): Readonly<Record<string, unknown>> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`${name}: must be an object`);
  }
  return value as Record<string, unknown>;
}

function stringMap(values: Readonly<Record<string, unknown>>, name: string): Record<string, string> {
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'string') throw badRequest(`${name}.${key}: must be a string`);
  }
  return values as Record<string, string>;
}

function applies(layer: CatalogLayer, cluster: ClusterContext): boolean {
  return (
    layer.modes.includes(cluster.clusterMode) &&
    (layer.providers === null || layer.providers.includes(cluster.cloudProvider))
  );
}

function layerSummary(layer: CatalogLayer) {
  return {
    key: layer.key,
    mandatory: layer.mandatory,
    enabledByDefault: layer.enabledByDefault,
    modes: layer.modes,
    providers: layer.providers,
    description: layer.description,
    componentKeys: layer.components.map((c) => c.key),
    components: layer.components.map((c) => ({
      key: c.key,
      kind: c.kind,
      description: c.description,
      fields: c.fields,
    })),
  };
}
