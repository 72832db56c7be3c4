import type { OperationId } from '../service/types.js';

/**
 * A tiny router: paths are matched segment by segment against patterns such as
 * `/alert-rules/{alertRuleId}`. Parameters are returned decoded; no pattern uses wildcards.
 */
export interface RouteDefinition<H> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly pattern: string;
  readonly operation: OperationId;
  readonly handler: H;
}

export type RouteMatch<H> =
  | { readonly kind: 'found'; readonly route: RouteDefinition<H>; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

export class Router<H> {
  readonly #routes: { definition: RouteDefinition<H>; segments: string[] }[] = [];

  add(definition: RouteDefinition<H>): this {
    this.#routes.push({ definition, segments: split(definition.pattern) });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> {
    const segments = split(path);
    const allowed: string[] = [];
    for (const { definition, segments: pattern } of this.#routes) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      if (definition.method === method) return { kind: 'found', route: definition, params };
      allowed.push(definition.method);
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const segment = actual[i]!;
    if (expected.startsWith('{') && expected.endsWith('}')) {
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return null;
      }
      params[expected.slice(1, -1)] = value;
    } else if (expected !== segment) {
      return null;
    }
  }
  return params;
}
