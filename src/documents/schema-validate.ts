import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import alertRuleSchema from '../../schemas/alert-rule.schema.json' with { type: 'json' };
import platformComponentSchema from '../../schemas/platform-component.schema.json' with { type: 'json' };
import type { DocumentKind } from './types.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop in some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv, formats: readonly string[]) => Ajv;

/** The published schemas, by kind. Also what editors read through `# yaml-language-server: $schema=`. */
export const SCHEMAS: Readonly<Record<DocumentKind, Record<string, unknown>>> = {
  AlertRule: alertRuleSchema,
  PlatformComponent: platformComponentSchema,
};

let compiled: Readonly<Record<DocumentKind, ValidateFunction>> | null = null;

/**
 * Compiled once, on the first document: a run that never validates (the post step, `logs`) pays nothing,
 * and a run that does pays the compile a single time.
 */
function validators(): Readonly<Record<DocumentKind, ValidateFunction>> {
  if (compiled === null) {
    // verbose: errors carry their parentSchema, which names the known fields for "did you mean".
    const ajv = new Ajv({
      allErrors: true,
      verbose: true,
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
    });
    addFormats(ajv, ['uuid', 'uri', 'duration']);
    compiled = {
      AlertRule: ajv.compile(alertRuleSchema),
      PlatformComponent: ajv.compile(platformComponentSchema),
    };
  }
  return compiled;
}

export function validateAgainstSchema(kind: DocumentKind, value: unknown): readonly ErrorObject[] {
  const validate = validators()[kind];
  return validate(value) ? [] : (validate.errors ?? []);
}
