import type {
  ComponentBinding,
  PlatformTemplate,
  PlatformTemplateLayer,
  Requirement,
  ResolveResponse,
  Violation,
} from '../types.js';
import { decodeFields, decodeScalarField, isScalarType } from './platform-fields.js';
import { array, at, bool, type DecodeContext, nullableStr, object, openEnum, str, strArray } from './read.js';

const REQUIREMENT_SCOPES = ['PLATFORM_PROFILE', 'CLUSTER'];
const REQUIREMENT_STATUSES = ['MISSING', 'READY'];
const TEMPLATE_STATUSES = ['DRAFT', 'PUBLISHED', 'DEPRECATED'];

/** resolvePlatformTemplateComponentConfiguration's 200 answer. */
export function decodeResolveResponse(body: unknown, ctx: DecodeContext): ResolveResponse {
  const o = object(body, '');
  return {
    componentKey: str(o, 'componentKey', ''),
    fields: decodeFields(o, 'fields', '', ctx),
    requirements: array(o, 'requirements', '').map((item, i) =>
      decodeRequirement(item, at('requirements', i), ctx),
    ),
    componentBindings: array(o, 'componentBindings', '').map((item, i) =>
      decodeBinding(item, at('componentBindings', i)),
    ),
    violations: array(o, 'violations', '').map((item, i) => decodeViolation(item, at('violations', i))),
  };
}

/**
 * A requirement is a scalar descriptor with a scope and a status. Its value is always a string
 * (clusterInputs are string → string), so a type we do not know is read as a string and reported.
 */
function decodeRequirement(value: unknown, where: string, ctx: DecodeContext): Requirement {
  const o = object(value, where);
  const type = str(o, 'type', where);
  if (!isScalarType(type)) {
    ctx.notices.add(
      `requirement-type:${type}`,
      `The service described a requirement of an unknown type ${JSON.stringify(type)} (${ctx.operation}); it was read as a string.`,
    );
  }
  return {
    ...decodeScalarField(o, isScalarType(type) ? type : 'string', where, ctx),
    scope: openEnum(str(o, 'scope', where), REQUIREMENT_SCOPES, 'requirement scope', ctx),
    status: openEnum(str(o, 'status', where), REQUIREMENT_STATUSES, 'requirement status', ctx),
  };
}

function decodeBinding(value: unknown, where: string): ComponentBinding {
  const o = object(value, where);
  return {
    input: str(o, 'input', where),
    fromComponent: str(o, 'fromComponent', where),
    output: str(o, 'output', where),
  };
}

function decodeViolation(value: unknown, where: string): Violation {
  const o = object(value, where);
  return {
    code: str(o, 'code', where),
    fieldPath: str(o, 'fieldPath', where),
    message: str(o, 'message', where),
  };
}

/** listPlatformTemplates: `{results: [{key, version, status, layers}]}`. */
export function decodePlatformTemplates(body: unknown, ctx: DecodeContext): PlatformTemplate[] {
  return array(object(body, ''), 'results', '').map((item, i) => {
    const where = at('results', i);
    const o = object(item, where);
    const description = nullableStr(o, 'description', where);
    return {
      key: str(o, 'key', where),
      version: str(o, 'version', where),
      status: openEnum(str(o, 'status', where), TEMPLATE_STATUSES, 'platform template status', ctx),
      ...(description !== null ? { description } : {}),
      layers: array(o, 'layers', where).map((layer, j) => decodeLayer(layer, at(at(where, 'layers'), j))),
    };
  });
}

function decodeLayer(value: unknown, where: string): PlatformTemplateLayer {
  const o = object(value, where);
  const providers =
    o.providers === undefined || o.providers === null ? null : strArray(o, 'providers', where);
  return {
    key: str(o, 'key', where),
    mandatory: bool(o, 'mandatory', where),
    modes: strArray(o, 'modes', where),
    providers,
    componentKeys: strArray(o, 'componentKeys', where),
  };
}
