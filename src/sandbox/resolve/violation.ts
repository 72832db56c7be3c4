/** Stable codes of the sandbox's violations; clients match on these, never on messages. */
export const VIOLATION_CODES = {
  required: 'REQUIRED',
  typeMismatch: 'TYPE_MISMATCH',
  valueNotAllowed: 'VALUE_NOT_ALLOWED',
  outOfRange: 'OUT_OF_RANGE',
  tooShort: 'TOO_SHORT',
  tooLong: 'TOO_LONG',
  patternMismatch: 'PATTERN_MISMATCH',
  tooFewItems: 'TOO_FEW_ITEMS',
  tooManyItems: 'TOO_MANY_ITEMS',
  duplicateItems: 'DUPLICATE_ITEMS',
  unknownField: 'UNKNOWN_FIELD',
} as const;

export interface Violation {
  readonly code: string;
  /** Bare key for profile fields, `clusterInputs.<key>` for cluster inputs, `parent.child`, `list[2]`. */
  readonly fieldPath: string;
  /** Customer-facing fix text. Never contains the offending value: it may be a secret. */
  readonly message: string;
}
