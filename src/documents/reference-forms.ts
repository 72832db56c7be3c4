/**
 * The forms of references the schema cannot tell apart by itself: a cluster or target is written by name
 * or by id, never both, and a target in exactly one form. Checked without a request (names are resolved
 * when planning): `validate` reports these, each at its key.
 */
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { parseNamePath } from '../names/name-path.js';
import { CODES } from './codes.js';
import type { Locator } from './locate.js';
import type { AlertRuleSpec, DocumentKind, PathSegment, PlatformComponentSpec } from './types.js';

const NAMED_FORMS = ['service', 'environment', 'cluster'] as const;
const SERVICE_PARTS = ['project', 'environment', 'service'];
const ENVIRONMENT_PARTS = ['project', 'environment'];

/** The target type each named form gives, when it does not come from the service. */
const TYPE_OF_FORM: Readonly<Record<string, string>> = { environment: 'ENVIRONMENT', cluster: 'CLUSTER' };

export function referenceFormDiagnostics(
  file: string,
  kind: DocumentKind,
  value: unknown,
  locate: Locator,
): Diagnostic[] {
  const at = (path: readonly PathSegment[], code: string, message: string) =>
    diagnostic('error', file, locate(path), code, message);
  if (kind === 'PlatformComponent') {
    const { cluster } = value as PlatformComponentSpec;
    return cluster.id !== undefined && cluster.name !== undefined
      ? [
          at(
            ['cluster', 'name'],
            CODES.nameAndId,
            '`cluster` has both `name` and `id`: write one of them (the name, or the id where the name is ambiguous).',
          ),
        ]
      : [];
  }
  // A rule and a service level objective write their cluster and target alike.
  const spec = value as AlertRuleSpec;
  const findings: Diagnostic[] = [];
  if (spec.cluster !== undefined && spec.cluster_id !== undefined) {
    findings.push(
      at(
        ['cluster'],
        CODES.nameAndId,
        'both `cluster` (a name) and `cluster_id` are written: keep one (`cluster_id` where the name is ambiguous).',
      ),
    );
  }
  if (spec.target !== undefined) findings.push(...targetForm(spec.target as Record<string, unknown>, at));
  return findings;
}

function targetForm(
  target: Record<string, unknown>,
  at: (path: readonly PathSegment[], code: string, message: string) => Diagnostic,
): Diagnostic[] {
  const named = NAMED_FORMS.filter((form) => target[form] !== undefined);
  const hasId = target.target_id !== undefined;
  const type = target.target_type as string | undefined;
  if (named.length > 0 && hasId) {
    return [
      at(
        ['target', named[0]!],
        CODES.nameAndId,
        `\`target\` has both \`${named[0]}\` (a name) and \`target_id\`: keep one (\`target_id\` where the name is ambiguous).`,
      ),
    ];
  }
  if (named.length > 1) {
    return [
      at(
        ['target', named[1]!],
        CODES.targetForm,
        `\`target\` names ${named.map((f) => `\`${f}\``).join(' and ')}: a rule has one target, write one of them.`,
      ),
    ];
  }
  if (named.length === 0) {
    return hasId && type === undefined
      ? [at(['target'], CODES.targetForm, '`target.target_id` needs its `target_type`.')]
      : hasId
        ? []
        : [
            at(
              ['target'],
              CODES.targetForm,
              '`target` needs one of `service: project/environment/service`, `environment: project/environment`, ' +
                '`cluster: <name>`, or the id form `target_type` + `target_id`.',
            ),
          ];
  }
  const form = named[0]!;
  const path = target[form];
  if (form !== 'cluster' && typeof path === 'string') {
    const parts = parseNamePath(path, form === 'service' ? SERVICE_PARTS : ENVIRONMENT_PARTS);
    if (!parts.ok) return [at(['target', form], CODES.badReference, parts.error.message)];
  }
  const given = TYPE_OF_FORM[form];
  const wrongForService = form === 'service' && (type === 'CLUSTER' || type === 'ENVIRONMENT');
  if (type !== undefined && ((given !== undefined && type !== given) || wrongForService)) {
    const fix =
      given !== undefined
        ? `a \`${form}\` target is ${given}: remove \`target_type\` or write ${given}`
        : "a service target is the service's type (APPLICATION, CONTAINER, JOB, CRONJOB, HELM or TERRAFORM): remove `target_type`, the service gives it";
    return [
      at(['target', 'target_type'], CODES.targetType, `\`target.target_type\` is ${type}, but ${fix}.`),
    ];
  }
  return [];
}
