/**
 * Stable diagnostic codes of loading and validation. Users filter and search on them, so a code never
 * changes meaning; docs/diagnostics.md describes each one.
 */
export const CODES = {
  pathNotFound: 'file.not-found',
  pathOutsideRoot: 'file.outside-root',
  symlinkOutsideRoot: 'file.symlink-outside-root',
  fileTooLarge: 'file.too-large',
  fileUnreadable: 'file.unreadable',
  runTooLarge: 'run.too-large',
  runTooManyDocuments: 'run.too-many-documents',
  runTooManyFindings: 'run.too-many-findings',
  notUtf8: 'file.encoding',
  emptyFile: 'file.empty',
  yamlSyntax: 'yaml.syntax',
  yamlWarning: 'yaml.warning',
  duplicateKey: 'yaml.duplicate-key',
  tabIndent: 'yaml.tab',
  aliasLimit: 'yaml.alias-limit',
  notMapping: 'document.not-mapping',
  kindMissing: 'document.kind-missing',
  kindUnknown: 'document.kind-unknown',
  unsafeKey: 'document.unsafe-key',
  keyNotName: 'document.key-not-a-name',
  duplicateId: 'document.duplicate-id',
  duplicateName: 'document.duplicate-name',
  duplicateComponent: 'document.duplicate-component',
  required: 'schema.required',
  requiredOneOf: 'schema.required-one-of',
  unknownField: 'schema.unknown-field',
  enumValue: 'schema.enum',
  constValue: 'schema.const',
  wrongType: 'schema.type',
  format: 'schema.format',
  minItems: 'schema.min-items',
  minLength: 'schema.min-length',
  pattern: 'schema.pattern',
  uniqueItems: 'schema.unique-items',
  invalid: 'schema.invalid',
} as const;

export type DocumentCode = (typeof CODES)[keyof typeof CODES];
