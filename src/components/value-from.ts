import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import { envNameFor } from '../documents/env-name.js';
import type { PathSegment } from '../documents/types.js';
import type { ResolveRequest } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';
import { formatPath } from './field-path.js';
import { anchor } from './violations.js';

/** The process environment as a run sees it (the run context's, never a global: tests pass their own). */
export type Environment = Readonly<Record<string, string | undefined>>;

/** `{valueFrom: {env: NAME}}` in place of a value: the value is read from the environment at resolve time. */
export interface EnvReference {
  readonly valueFrom: { readonly env: string };
}

export const VALUE_FROM_CODES = {
  envMissing: 'component.env-missing',
  sensitiveLiteral: 'component.sensitive-literal',
} as const;

/** The schema refuses any other shape under `valueFrom`, so the shape alone tells a reference. */
export function isEnvReference(value: unknown): value is EnvReference {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const from = (value as { valueFrom?: unknown }).valueFrom;
  return (
    from !== null &&
    typeof from === 'object' &&
    typeof (from as { env?: unknown }).env === 'string' &&
    Object.keys(value).length === 1
  );
}

export type Binding =
  | { readonly ok: true; readonly target: ComponentTarget }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly missing: readonly string[] };

/**
 * The target with every `valueFrom: {env}` replaced by the variable's value, just before its resolve is
 * sent: the value travels to the service and nowhere else. Each value is registered with the redactor
 * first (the action's redactor also masks it in the runner's log), so nothing reported afterwards can show
 * it. A variable that is unset or empty (what a workflow gives for a secret that does not exist) is an
 * error on the field's line, and the document is not resolved: asking without the value would only earn
 * a misleading "missing" answer.
 */
export function bindEnvironment(target: ComponentTarget, env: Environment, redactor: Redactor): Binding {
  const missing: { path: PathSegment[]; name: string }[] = [];
  const bind = (value: unknown, path: PathSegment[]): unknown => {
    if (isEnvReference(value)) {
      const name = value.valueFrom.env;
      const found = env[name];
      if (found === undefined || found === '') {
        missing.push({ path, name });
        return value;
      }
      redactor.addWithLines(found);
      return found;
    }
    if (Array.isArray(value)) return value.map((item, index) => bind(item, [...path, index]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bind(v, [...path, k])]));
    return value;
  };
  const request: ResolveRequest = {
    profileConfig: bind(target.request.profileConfig, ['profileConfig']) as ResolveRequest['profileConfig'],
    clusterInputs: bind(target.request.clusterInputs, ['clusterInputs']) as ResolveRequest['clusterInputs'],
    componentOutputs: target.request.componentOutputs,
  };
  if (missing.length === 0) return { ok: true, target: { ...target, request } };
  return {
    ok: false,
    missing: missing.map((m) => m.name),
    diagnostics: missing.map(({ path, name }) =>
      diagnostic(
        'error',
        target.document.file,
        anchor(target, path),
        VALUE_FROM_CODES.envMissing,
        `\`${formatPath(path)}\` takes its value from the environment variable \`${name}\`, which is not set ` +
          `(or is empty) in this run. In a workflow, pass it to the step: \`env: ${name}: \${{ secrets.${name} }}\` ` +
          '(and check that the repository or organization secret exists); on a terminal, export it first.',
        'Environment variable not set',
      ),
    ),
  };
}

/**
 * A field the service marks sensitive whose value is written in the document: it is in git, and in its
 * history for good. A warning (an error with `fail-on: warning`) that says how to move it out.
 */
export function sensitiveLiteralDiagnostic(
  target: ComponentTarget,
  path: readonly PathSegment[],
): Diagnostic {
  const key = [...path].reverse().find((s): s is string => typeof s === 'string') ?? 'VALUE';
  const name = envNameFor(key);
  return diagnostic(
    'warning',
    target.document.file,
    anchor(target, path),
    VALUE_FROM_CODES.sensitiveLiteral,
    `\`${formatPath(path)}\` is sensitive, and its value is written in the document, so it is in git. Take it ` +
      `from the environment instead: \`${key}: {valueFrom: {env: ${name}}}\`, with \`env: ${name}: ` +
      `\${{ secrets.${name} }}\` on the workflow step; then change the value itself, since git history keeps the old one.`,
    'Sensitive value in git',
  );
}

/** Whether anything under `value` is written in the document rather than taken from the environment. */
export function hasLiteralValue(value: unknown): boolean {
  if (isEnvReference(value)) return false;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasLiteralValue);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasLiteralValue);
  return false;
}
