import { nearestName } from '../core/nearest-name.js';
import type { PathSegment } from '../documents/types.js';
import type { PlatformTemplate } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';

export interface NotFoundExplanation {
  /** The document node to point at: the template key or version, the component, or the cluster. */
  readonly path: readonly PathSegment[];
  readonly message: string;
}

/**
 * Why the service answered 404 for a resolve, told from the organization's template list: which of the
 * template key, version or component does not exist, what does exist, and the nearest name when the
 * document's looks like a typo. Null when the list has everything the document names (the 404 has another
 * cause, and the caller quotes the service).
 */
export function explainNotFound(
  target: ComponentTarget,
  templates: readonly PlatformTemplate[],
): NotFoundExplanation | null {
  const spec = target.document.value;
  const { key, version } = spec.template;
  const sameKey = templates.filter((t) => t.key === key);
  if (sameKey.length === 0) {
    const keys = unique(templates.map((t) => t.key));
    return {
      path: ['template', 'key'],
      message:
        `Platform template \`${key}\` does not exist in organization ${target.organizationId}.` +
        didYouMean(key, keys) +
        (keys.length > 0
          ? ` Templates: ${keys.join(', ')}.`
          : ' The organization has no platform templates.'),
    };
  }
  const release = sameKey.find((t) => t.version === version);
  if (!release) {
    const versions = sameKey.map((t) => t.version);
    return {
      path: ['template', 'version'],
      message:
        `Platform template \`${key}\` has no version \`${version}\`.` +
        didYouMean(version, versions) +
        ` Versions: ${sameKey.map((t) => `${t.version} (${t.status})`).join(', ')}.`,
    };
  }
  const components = unique(release.layers.flatMap((layer) => layer.componentKeys));
  const layer = release.layers.find((l) => l.componentKeys.includes(spec.component));
  if (!layer) {
    return {
      path: ['component'],
      message:
        `Component \`${spec.component}\` is not part of platform template ${key} ${version}.` +
        didYouMean(spec.component, components) +
        ` Components: ${components.join(', ') || 'none'}.`,
    };
  }
  const modeFits = layer.modes.length === 0 || layer.modes.includes(target.clusterMode);
  const providerFits = !layer.providers || layer.providers.includes(spec.cluster.provider);
  if (!modeFits || !providerFits) {
    return {
      path: ['cluster'],
      message:
        `Component \`${spec.component}\` (layer ${layer.key} of ${key} ${version}) does not apply to ` +
        `${target.clusterMode} clusters on ${spec.cluster.provider}: the layer applies to modes ` +
        `${layer.modes.join(', ') || 'any'} and providers ${layer.providers?.join(', ') || 'any'}.`,
    };
  }
  return null;
}

function didYouMean(name: string, candidates: readonly string[]): string {
  const nearest = nearestName(name, candidates);
  return nearest === null ? '' : ` Did you mean \`${nearest}\`?`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
