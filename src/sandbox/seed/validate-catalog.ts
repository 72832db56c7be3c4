import type {
  CatalogBinding,
  CatalogComponent,
  CatalogLayer,
  CatalogRequirement,
  Descriptor,
  Template,
} from '../model.js';
import { CLOUD_PROVIDERS, CLUSTER_MODES } from '../wire.js';
import type { SeedReader } from './seed-reader.js';

const SCALAR_TYPES = ['string', 'number', 'bool'];
const CONSTRAINT_NUMBERS = ['min', 'max', 'minLength', 'maxLength'] as const;

/**
 * One template of the catalog. Descriptors may be written tersely in the seed (label, required, sensitive
 * and constraints default); they are completed here into the shape the service sends. A descriptor whose
 * `type` the contract does not list is kept as written, so that clients can prove they tolerate it.
 */
export function readTemplate(item: SeedReader): Template {
  return {
    key: item.field('key').string(),
    version: item.field('version').string(),
    status: item.field('status').oneOf(['DRAFT', 'PUBLISHED', 'DEPRECATED'] as const),
    description: item.field('description').optionalString(),
    layers: item.field('layers').items().map(readLayer),
  };
}

function readLayer(layer: SeedReader): CatalogLayer {
  return {
    key: layer.field('key').string(),
    mandatory: layer.field('mandatory').boolean(false),
    enabledByDefault: layer.field('enabledByDefault').boolean(true),
    modes: layer
      .field('modes')
      .items()
      .map((m) => m.oneOf(CLUSTER_MODES)),
    providers: layer.has('providers')
      ? layer
          .field('providers')
          .items()
          .map((p) => p.oneOf(CLOUD_PROVIDERS))
      : null,
    description: layer.field('description').optionalString(),
    components: layer.field('components').items().map(readComponent),
  };
}

function readComponent(component: SeedReader): CatalogComponent {
  return {
    key: component.field('key').string(),
    kind: component.field('kind').oneOf(['HELM', 'TERRAFORM'] as const),
    description: component.field('description').optionalString(),
    fields: component.field('fields').optionalItems().map(readDescriptor),
    requirements: component.field('requirements').optionalItems().map(readRequirement),
    bindings: component.field('bindings').optionalItems().map(readBinding),
  };
}

export function readDescriptor(field: SeedReader): Descriptor {
  const key = field.field('key').string();
  const type = field.field('type').string();
  const raw = field.object();
  const base = {
    key,
    type,
    required: field.field('required').boolean(false),
    label: field.has('label') ? field.field('label').string() : key,
    description: field.field('description').optionalString(),
    sensitive: field.field('sensitive').boolean(false),
  };
  if (SCALAR_TYPES.includes(type)) {
    const scalar: Record<string, unknown> = {
      ...base,
      defaultValue: field.field('defaultValue').optionalString(),
      constraints: readConstraints(field.field('constraints')),
    };
    if (field.has('format')) scalar.format = field.field('format').string();
    if (field.has('templates')) scalar.templates = raw.templates;
    return scalar as Descriptor;
  }
  if (type === 'object') {
    return { ...base, fields: field.field('fields').items().map(readDescriptor) } as Descriptor;
  }
  if (type === 'array') {
    const items = field.field('items');
    const itemType = items.field('type').oneOf([...SCALAR_TYPES, 'object']);
    const arrayItems =
      itemType === 'object'
        ? { type: itemType, fields: items.field('fields').items().map(readDescriptor) }
        : { type: itemType, constraints: readConstraints(items.field('constraints')) };
    const limits = field.field('constraints');
    const constraints = {
      minItems: optionalInteger(limits, 'minItems'),
      maxItems: optionalInteger(limits, 'maxItems'),
      uniqueItems: limits.value === undefined ? false : limits.field('uniqueItems').boolean(false),
    };
    return { ...base, constraints, items: arrayItems } as Descriptor;
  }
  // A kind this contract does not list: kept as written, with the common members completed.
  return { ...raw, ...base } as Descriptor;
}

function readConstraints(field: SeedReader): Record<string, unknown> {
  if (field.value === undefined || field.value === null) return {};
  field.object();
  const constraints: Record<string, unknown> = {};
  if (field.has('allowedValues')) {
    constraints.allowedValues = field
      .field('allowedValues')
      .items()
      .map((v) => v.string());
  }
  for (const name of CONSTRAINT_NUMBERS) {
    const value = optionalInteger(field, name);
    if (value !== null) constraints[name] = value;
  }
  if (field.has('pattern')) {
    const pattern = field.field('pattern');
    try {
      new RegExp(pattern.string());
    } catch {
      pattern.fail('expected a valid regular expression');
    }
    constraints.pattern = pattern.value;
  }
  return constraints;
}

function optionalInteger(parent: SeedReader, key: string): number | null {
  if (parent.value === undefined || !parent.has(key)) return null;
  const field = parent.field(key);
  if (typeof field.value !== 'number' || !Number.isInteger(field.value)) field.fail('expected an integer');
  return field.value as number;
}

function readRequirement(requirement: SeedReader): CatalogRequirement {
  const descriptor = readDescriptor(requirement);
  if (!SCALAR_TYPES.includes(descriptor.type)) {
    requirement.field('type').fail('requirements are scalar: expected string, number or bool');
  }
  return {
    ...descriptor,
    scope: requirement.field('scope').oneOf(['PLATFORM_PROFILE', 'CLUSTER'] as const),
  } as CatalogRequirement;
}

function readBinding(binding: SeedReader): CatalogBinding {
  return {
    input: binding.field('input').string(),
    fromComponent: binding.field('fromComponent').string(),
    output: binding.field('output').string(),
  };
}
