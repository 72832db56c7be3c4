import type { ErrorObject, ValidateFunction } from 'ajv';
import alertReceiverSchema from '../../schemas/alert-receiver.schema.json' with { type: 'json' };
import alertRuleSchema from '../../schemas/alert-rule.schema.json' with { type: 'json' };
import platformComponentSchema from '../../schemas/platform-component.schema.json' with { type: 'json' };
import serviceLevelObjectiveSchema from '../../schemas/service-level-objective.schema.json' with {
  type: 'json',
};
import {
  AlertReceiver,
  AlertRule,
  PlatformComponent,
  ServiceLevelObjective,
} from './generated/schema-validators.js';
import type { DocumentKind } from './types.js';

/** The published schemas, by kind. Also what editors read through `# yaml-language-server: $schema=`. */
export const SCHEMAS: Readonly<Record<DocumentKind, Readonly<Record<string, unknown>>>> = {
  AlertRule: alertRuleSchema,
  AlertReceiver: alertReceiverSchema,
  PlatformComponent: platformComponentSchema,
  ServiceLevelObjective: serviceLevelObjectiveSchema,
};

/**
 * Validators generated ahead of time from SCHEMAS by scripts/generate-validators.mjs (all errors; formats
 * uuid, uri, duration and email from ajv-formats). Loading ajv and compiling at start-up would cost every action
 * run 150-400 ms (docs/decisions/document-loading.md); a test keeps the generated code in step with the schemas.
 */
const VALIDATORS: Readonly<Record<DocumentKind, ValidateFunction>> = {
  AlertRule,
  AlertReceiver,
  PlatformComponent,
  ServiceLevelObjective,
};

export function validateAgainstSchema(kind: DocumentKind, value: unknown): readonly ErrorObject[] {
  const validate = VALIDATORS[kind];
  return validate(value) ? [] : (validate.errors ?? []);
}

/** The sub-schema an error's schemaPath points into, e.g. '#/properties/condition' → its object. */
export function schemaAt(kind: DocumentKind, schemaPath: string): Readonly<Record<string, unknown>> | null {
  let current: unknown = SCHEMAS[kind];
  for (const raw of schemaPath.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const key = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return null;
    current = (current as Record<string, unknown>)[key];
  }
  return current !== null && typeof current === 'object' ? (current as Record<string, unknown>) : null;
}
