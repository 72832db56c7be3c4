import type { Descriptor } from '../model.js';
import { VIOLATION_CODES as CODES, type Violation } from './violation.js';

type Values = Readonly<Record<string, unknown>>;
type Constraints = Readonly<{
  allowedValues?: readonly string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}>;

/**
 * Checks values against descriptors as the service does, appending violations. `prefix` is the path of
 * the enclosing object (`''` at the top, `resources.` inside `resources`). Messages name the field path
 * and the rule, never the value, because a value may be sensitive.
 */
export function checkFields(
  descriptors: readonly Descriptor[],
  values: Values,
  prefix: string,
  out: Violation[],
  knownExtraKeys: readonly string[] = [],
): void {
  const known = new Set([...descriptors.map((d) => d.key), ...knownExtraKeys]);
  for (const descriptor of descriptors) {
    const path = `${prefix}${descriptor.key}`;
    const value = values[descriptor.key];
    if (value === undefined || value === null) {
      if (descriptor.required === true && descriptor.defaultValue == null) {
        out.push({
          code: CODES.required,
          fieldPath: path,
          message: `${path} is required: set a value for it.`,
        });
      }
      continue;
    }
    checkValue(descriptor, value, path, out);
  }
  for (const key of Object.keys(values)) {
    if (known.has(key)) continue;
    const path = `${prefix}${key}`;
    const names = [...known].sort().join(', ') || 'none';
    out.push({
      code: CODES.unknownField,
      fieldPath: path,
      message: `${path} is not a known field here (known fields: ${names}). Remove it or fix its name.`,
    });
  }
}

export function checkValue(descriptor: Descriptor, value: unknown, path: string, out: Violation[]): void {
  switch (descriptor.type) {
    case 'string':
    case 'number':
    case 'bool':
      checkScalar(descriptor.type, (descriptor.constraints ?? {}) as Constraints, value, path, out);
      return;
    case 'object':
      if (!isRecord(value)) {
        out.push(typeMismatch(path, 'an object (a mapping of fields)'));
        return;
      }
      checkFields((descriptor.fields ?? []) as Descriptor[], value, `${path}.`, out);
      return;
    case 'array':
      checkArray(descriptor, value, path, out);
      return;
    case 'duration':
      // The catalog's own duration kind (Go syntax, e.g. 720h or 1h30m); clients may not know it.
      if (typeof value !== 'string' || !/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) {
        out.push({
          code: CODES.typeMismatch,
          fieldPath: path,
          message: `${path} must be a duration such as 720h or 1h30m.`,
        });
      }
      return;
    default:
      // A kind this catalog version does not describe: nothing to check it against.
      return;
  }
}

function checkScalar(
  type: string,
  constraints: Constraints,
  value: unknown,
  path: string,
  out: Violation[],
): void {
  if (type === 'string' && typeof value !== 'string') {
    out.push(typeMismatch(path, 'a string'));
    return;
  }
  if (type === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) {
    out.push(typeMismatch(path, 'a number'));
    return;
  }
  if (type === 'bool' && typeof value !== 'boolean') {
    out.push(typeMismatch(path, 'true or false'));
    return;
  }

  const allowed = constraints.allowedValues;
  if (allowed && allowed.length > 0 && !allowed.includes(String(value))) {
    out.push({
      code: CODES.valueNotAllowed,
      fieldPath: path,
      message: `${path} must be one of: ${allowed.join(', ')}.`,
    });
    return;
  }
  if (typeof value === 'number') {
    const { min, max } = constraints;
    if ((min != null && value < min) || (max != null && value > max)) {
      out.push({
        code: CODES.outOfRange,
        fieldPath: path,
        message: `${path} must be ${rangeText(min, max)}.`,
      });
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (constraints.minLength != null && length < constraints.minLength) {
      out.push({
        code: CODES.tooShort,
        fieldPath: path,
        message: `${path} must be at least ${constraints.minLength} characters long.`,
      });
    } else if (constraints.maxLength != null && length > constraints.maxLength) {
      out.push({
        code: CODES.tooLong,
        fieldPath: path,
        message: `${path} must be at most ${constraints.maxLength} characters long.`,
      });
    } else if (constraints.pattern && !new RegExp(constraints.pattern).test(value)) {
      out.push({
        code: CODES.patternMismatch,
        fieldPath: path,
        message: `${path} must match the pattern ${constraints.pattern}.`,
      });
    }
  }
}

function checkArray(descriptor: Descriptor, value: unknown, path: string, out: Violation[]): void {
  if (!Array.isArray(value)) {
    out.push(typeMismatch(path, 'a list'));
    return;
  }
  const limits = (descriptor.constraints ?? {}) as {
    minItems?: number;
    maxItems?: number;
    uniqueItems?: boolean;
  };
  if (limits.minItems != null && value.length < limits.minItems) {
    out.push({
      code: CODES.tooFewItems,
      fieldPath: path,
      message: `${path} must have at least ${limits.minItems} item${limits.minItems === 1 ? '' : 's'}.`,
    });
  }
  if (limits.maxItems != null && value.length > limits.maxItems) {
    out.push({
      code: CODES.tooManyItems,
      fieldPath: path,
      message: `${path} must have at most ${limits.maxItems} items.`,
    });
  }
  if (limits.uniqueItems) {
    const seen = new Set(value.map((item) => JSON.stringify(item)));
    if (seen.size !== value.length) {
      out.push({ code: CODES.duplicateItems, fieldPath: path, message: `${path} must not repeat an item.` });
    }
  }
  const items = descriptor.items as
    | { type: string; constraints?: Constraints; fields?: readonly Descriptor[] }
    | undefined;
  if (!items) return;
  value.forEach((item, i) => {
    const itemPath = `${path}[${i}]`;
    if (items.type === 'object') {
      if (!isRecord(item)) {
        out.push(typeMismatch(itemPath, 'an object (a mapping of fields)'));
        return;
      }
      checkFields(items.fields ?? [], item, `${itemPath}.`, out);
    } else {
      checkScalar(items.type, items.constraints ?? {}, item, itemPath, out);
    }
  });
}

function typeMismatch(path: string, expected: string): Violation {
  return { code: CODES.typeMismatch, fieldPath: path, message: `${path} must be ${expected}.` };
}

function rangeText(min: number | undefined, max: number | undefined): string {
  if (min != null && max != null) return `between ${min} and ${max}`;
  return min != null ? `at least ${min}` : `at most ${max}`;
}

function isRecord(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
