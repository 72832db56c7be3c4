/**
 * The service's published OpenAPI 3.0 description as a validator of requests and answers. OpenAPI 3.0
 * schemas are not JSON Schema: `nullable`, `discriminator` with `mapping`, and `x-*`/`example` keywords
 * are translated here so that ajv (with ajv-formats) checks exactly what the description says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** The description beside the repository (never copied into it): `../shared/reference/` of its root. */
export const SHARED_DESCRIPTION_PATH = fileURLToPath(
  new URL('../../../shared/reference/service-openapi.yaml', import.meta.url),
);

/**
 * Where the description is read: SERVICE_OPENAPI_PATH when set (on GitHub, where no `../shared` exists,
 * the workflow fetches the service's published `openapi.json` there and checks it against the pinned
 * checksum first: docs/decisions/service-description-in-ci.md), else the one beside the repository.
 * YAML or JSON: one parser reads both.
 */
export function descriptionPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.SERVICE_OPENAPI_PATH?.trim() || SHARED_DESCRIPTION_PATH;
}

export const DESCRIPTION_PATH = descriptionPath();

type Json = Record<string, unknown>;

export interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly parameters: readonly Json[];
  readonly requestBody: Json | undefined;
  readonly responses: Readonly<Record<string, Json>>;
}

export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly contentType: string | undefined;
  readonly requestBody: unknown;
  readonly status: number;
  readonly answerBody: unknown;
}

export function descriptionAvailable(): boolean {
  return existsSync(DESCRIPTION_PATH);
}

export class Contract {
  readonly operations: readonly Operation[];
  readonly #ajv: Ajv;
  readonly #compiled = new Map<object, ValidateFunction>();

  constructor(text: string) {
    const document = parse(text) as Json;
    const components = document.components as Json;
    this.#ajv = new Ajv({ strict: false, allErrors: true, discriminator: false });
    addFormats.default(this.#ajv);
    this.#ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
    this.#ajv.addFormat('password', true);
    // Environment.cluster_name says `format: string`, which no standard defines and which adds nothing to
    // `type: string`: declared as accepting anything, so that it is ignored without a warning per compile.
    this.#ajv.addFormat('string', true);
    this.#ajv.addSchema(
      { components: toJsonSchema(components.schemas ? { schemas: components.schemas } : {}) },
      'openapi',
    );
    this.operations = readOperations(document);
  }

  static load(): Contract {
    return new Contract(readFileSync(DESCRIPTION_PATH, 'utf8'));
  }

  operationFor(method: string, path: string): Operation | undefined {
    return this.operations.find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
  }

  /** Problems with the request, per the description: path and query parameters, content type, body. */
  checkRequest(exchange: Exchange): string[] {
    const operation = this.operationFor(exchange.method, exchange.path);
    if (!operation) return [`${exchange.method} ${exchange.path}: no such operation in the description`];
    const problems: string[] = [];
    const values = operation.pattern.exec(exchange.path)?.groups ?? {};
    for (const parameter of operation.parameters) {
      const name = String(parameter.name);
      const raw = parameter.in === 'path' ? values[name] : exchange.query[name];
      if (raw === undefined) {
        if (parameter.required) problems.push(`${parameter.in} parameter ${name} is required`);
        continue;
      }
      const schema = parameter.schema as Json;
      const value =
        schema.type === 'number' || schema.type === 'integer' ? Number(raw) : decodeURIComponent(raw);
      problems.push(...this.#check(schema, value, `${parameter.in} parameter ${name}`));
    }
    for (const name of Object.keys(exchange.query)) {
      if (!operation.parameters.some((p) => p.in === 'query' && p.name === name)) {
        problems.push(`query parameter ${name} is not declared`);
      }
    }
    const content = (operation.requestBody?.content ?? undefined) as Json | undefined;
    if (exchange.requestBody === undefined) {
      if (operation.requestBody?.required) problems.push('the request body is required');
    } else if (!content) {
      problems.push('the operation takes no request body');
    } else if (exchange.contentType?.split(';')[0]?.trim() !== 'application/json') {
      problems.push(`the request body is sent as ${exchange.contentType ?? 'nothing'}, not application/json`);
    } else {
      const schema = (content['application/json'] as Json).schema as Json;
      problems.push(...this.#check(schema, exchange.requestBody, 'request body'));
    }
    return problems.map((p) => `${operation.operationId} request: ${p}`);
  }

  /** Problems with the answer: a status the operation declares, and a body of the declared schema. */
  checkAnswer(exchange: Exchange): string[] {
    const operation = this.operationFor(exchange.method, exchange.path);
    if (!operation) return [];
    const response = operation.responses[String(exchange.status)];
    if (!response)
      return [`${operation.operationId} answered ${exchange.status}, a status it does not declare`];
    const content = response.content as Json | undefined;
    if (!content) return [];
    const schema = (content['application/json'] as Json | undefined)?.schema as Json | undefined;
    if (!schema) return [];
    return this.#check(schema, exchange.answerBody, `${exchange.status} answer`).map(
      (p) => `${operation.operationId} ${p}`,
    );
  }

  #check(schema: Json, value: unknown, what: string): string[] {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(toJsonSchema(schema) as Json);
      this.#compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? 'is invalid'}`);
  }
}

function readOperations(document: Json): Operation[] {
  const components = document.components as Json;
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    const pathItem = item as Json;
    const shared = (pathItem.parameters ?? []) as Json[];
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = pathItem[method] as Json | undefined;
      if (!operation) continue;
      const own = (operation.parameters ?? []) as Json[];
      const parameters = [...shared, ...own].map((p) => deref(components, p));
      const responses = Object.fromEntries(
        Object.entries((operation.responses ?? {}) as Json).map(([status, r]) => [
          status,
          deref(components, r as Json),
        ]),
      );
      const pattern = new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, '(?<$1>[^/]+)')}$`,
      );
      operations.push({
        operationId: String(operation.operationId),
        method,
        template,
        pattern,
        parameters,
        requestBody: operation.requestBody as Json | undefined,
        responses,
      });
    }
  }
  return operations;
}

/** Follows a local `$ref` of `#/components/<kind>/<name>` (parameters and responses). */
function deref(components: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const [, , kind, name] = ref.split('/');
  return (components[kind!] as Json)[name!] as Json;
}

/**
 * OpenAPI 3.0 → JSON Schema:
 * - `nullable: true` admits null (on a typed schema, an enumeration, or a composition such as
 *   `allOf: [{$ref}, {nullable: true}]`, which OpenAPI 3.0 means as "this, or null");
 * - a `discriminator` with a `mapping` beside `oneOf` picks the one branch its property names (a managed
 *   rule also has every field a ghost rule needs, so a plain oneOf would match two branches); other
 *   discriminators are annotations (their branches exclude each other by their own enumerations);
 * - `$ref`s point into the schema registered as `openapi`.
 */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key.startsWith('x-') || key === 'example' || key === 'discriminator' || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#/, 'openapi#');
    else if (key === 'properties' || key === 'schemas') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v)]));
    } else out[key] = toJsonSchema(value);
  }
  const discriminator = source.discriminator as Json | undefined;
  if (discriminator?.mapping && Array.isArray(source.oneOf)) {
    const property = String(discriminator.propertyName);
    const mapping = discriminator.mapping as Record<string, string>;
    delete out.oneOf;
    out.required = [...new Set([...((out.required as string[]) ?? []), property])];
    out.properties = { ...((out.properties as Json) ?? {}), [property]: { enum: Object.keys(mapping) } };
    out.allOf = Object.entries(mapping).map(([value, ref]) => ({
      if: { properties: { [property]: { const: value } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: { $ref: ref.replace(/^#/, 'openapi#') },
    }));
  }
  const allOf = source.allOf as Json[] | undefined;
  const nullableMember = allOf?.some(
    (member) => member.nullable === true && Object.keys(member).length === 1,
  );
  if (source.nullable === true || nullableMember) {
    if (nullableMember) out.allOf = (out.allOf as Json[]).filter((m) => Object.keys(m).length > 0);
    if (typeof out.type === 'string' && !out.allOf && !out.oneOf && !out.anyOf && !out.$ref) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
