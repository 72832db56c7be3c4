import type {
  ArrayField,
  ArrayItem,
  FieldConstraints,
  FieldDescriptor,
  ObjectField,
  ScalarField,
  UnknownField,
} from '../types.js';
import {
  array,
  at,
  bool,
  type DecodeContext,
  DecodeError,
  type Json,
  nullableStr,
  object,
  optNum,
  optStr,
  str,
  strArray,
} from './read.js';

/**
 * Catalog field descriptors: a oneOf on `type` (scalar, object, array) that the service says will grow.
 * A descriptor of a type we do not know is kept as an UnknownField (key, type, sensitive when given) and
 * reported once per type, at any depth: a new kind of field must never stop a run.
 */
const SCALAR_TYPES = ['string', 'number', 'bool'] as const;
type ScalarType = (typeof SCALAR_TYPES)[number];

export function decodeFields(o: Json, key: string, where: string, ctx: DecodeContext): FieldDescriptor[] {
  return array(o, key, where).map((item, i) => decodeField(item, at(at(where, key), i), ctx));
}

export function decodeField(value: unknown, where: string, ctx: DecodeContext): FieldDescriptor {
  const o = object(value, where);
  const type = str(o, 'type', where);
  if (isScalarType(type)) return decodeScalarField(o, type, where, ctx);
  if (type === 'object') return decodeObjectField(o, where, ctx);
  if (type === 'array') return decodeArrayField(o, where, ctx);
  return unknownField(o, type, where, ctx);
}

/** A field type this version reads and checks; any other is passed through with a notice. */
export function isKnownFieldType(type: string): boolean {
  return isScalarType(type) || type === 'object' || type === 'array';
}

export function isScalarType(type: string): type is ScalarType {
  return (SCALAR_TYPES as readonly string[]).includes(type);
}

export function decodeScalarField(
  o: Json,
  type: ScalarType,
  where: string,
  _ctx: DecodeContext,
): ScalarField {
  const format = optStr(o, 'format', where);
  const templates = o.templates === undefined || o.templates === null ? undefined : decodeTemplates(o, where);
  return {
    ...base(o, where),
    type,
    constraints: decodeConstraints(o.constraints, at(where, 'constraints')),
    defaultValue: nullableStr(o, 'defaultValue', where),
    ...(format !== undefined ? { format } : {}),
    ...(templates !== undefined ? { templates } : {}),
  };
}

function decodeObjectField(o: Json, where: string, ctx: DecodeContext): ObjectField {
  return { ...base(o, where), type: 'object', fields: decodeFields(o, 'fields', where, ctx) };
}

function decodeArrayField(o: Json, where: string, ctx: DecodeContext): ArrayField | UnknownField {
  const itemsWhere = at(where, 'items');
  const itemsObject = object(o.items, itemsWhere);
  const itemType = str(itemsObject, 'type', itemsWhere);
  let items: ArrayItem;
  if (isScalarType(itemType)) {
    items = {
      type: itemType,
      constraints: decodeConstraints(itemsObject.constraints, at(itemsWhere, 'constraints')),
    };
  } else if (itemType === 'object') {
    items = { type: 'object', fields: decodeFields(itemsObject, 'fields', itemsWhere, ctx) };
  } else {
    // An array of a kind we cannot describe is as unknown to us as an unknown field type.
    return unknownField(o, `array of ${itemType}`, where, ctx);
  }
  const constraintsWhere = at(where, 'constraints');
  const constraints = object(o.constraints, constraintsWhere);
  const minItems = optNum(constraints, 'minItems', constraintsWhere);
  const maxItems = optNum(constraints, 'maxItems', constraintsWhere);
  const itemFields =
    o.itemFields === undefined || o.itemFields === null
      ? undefined
      : array(o, 'itemFields', where).map((group, i) => {
          const groupWhere = at(at(where, 'itemFields'), i);
          if (!Array.isArray(group)) throw new DecodeError(groupWhere, 'an array');
          return group.map((item, j) => decodeField(item, at(groupWhere, j), ctx));
        });
  const field: ArrayField = {
    ...base(o, where),
    type: 'array',
    constraints: {
      minItems: minItems ?? null,
      maxItems: maxItems ?? null,
      uniqueItems: bool(constraints, 'uniqueItems', constraintsWhere),
    },
    items,
    ...(itemFields !== undefined ? { itemFields } : {}),
  };
  return field;
}

function unknownField(o: Json, type: string, where: string, ctx: DecodeContext): UnknownField {
  ctx.notices.add(
    `field-type:${type}`,
    `The service described a field of an unknown type ${JSON.stringify(type)} (${ctx.operation}); its value is passed through unchecked.`,
  );
  const sensitive = o.sensitive;
  return {
    key: str(o, 'key', where),
    type,
    ...(typeof sensitive === 'boolean' ? { sensitive } : {}),
    unknownKind: true,
  };
}

function base(o: Json, where: string) {
  const description = nullableStr(o, 'description', where);
  return {
    key: str(o, 'key', where),
    required: bool(o, 'required', where),
    label: str(o, 'label', where),
    sensitive: bool(o, 'sensitive', where),
    ...(description !== null ? { description } : {}),
  };
}

/** Every constraint is optional and nullable; an absent constraints object means "no constraints". */
export function decodeConstraints(value: unknown, where: string): FieldConstraints {
  if (value === undefined || value === null) return {};
  const o = object(value, where);
  const allowedValues =
    o.allowedValues === undefined || o.allowedValues === null ? null : strArray(o, 'allowedValues', where);
  return {
    allowedValues,
    min: optNum(o, 'min', where) ?? null,
    max: optNum(o, 'max', where) ?? null,
    minLength: optNum(o, 'minLength', where) ?? null,
    maxLength: optNum(o, 'maxLength', where) ?? null,
    pattern: nullableStr(o, 'pattern', where),
  };
}

function decodeTemplates(o: Json, where: string) {
  return array(o, 'templates', where).map((item, i) => {
    const itemWhere = at(at(where, 'templates'), i);
    const t = object(item, itemWhere);
    return {
      id: str(t, 'id', itemWhere),
      label: str(t, 'label', itemWhere),
      value: str(t, 'value', itemWhere),
    };
  });
}
