import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { Locator } from './locate.js';
import { quoteSource } from './quote.js';
import { didYouMean } from './suggest.js';
import type { DocumentKind } from './types.js';
import { DOCUMENT_KINDS } from './types.js';

export type KindResult =
  | { readonly ok: true; readonly kind: DocumentKind }
  | { readonly ok: false; readonly finding: Diagnostic };

/** Which schema applies: a document says what it is with `kind`, and nothing is guessed. */
export function documentKind(file: string, value: Record<string, unknown>, locate: Locator): KindResult {
  const known = DOCUMENT_KINDS.join(', ');
  if (!Object.hasOwn(value, 'kind')) {
    // `Kind:` or `KIND:`: field names are case-sensitive, and the finding points at the key as written.
    const misspelt = Object.keys(value).find((key) => key.trim().toLowerCase() === 'kind');
    if (misspelt !== undefined) {
      return {
        ok: false,
        finding: diagnostic(
          'error',
          file,
          locate([misspelt]),
          CODES.kindMissing,
          `missing \`kind\`: \`${quoteSource(misspelt)}\` is not \`kind\` (field names are case-sensitive); write \`kind:\` in lower case, one of ${known}`,
        ),
      };
    }
    return {
      ok: false,
      finding: diagnostic(
        'error',
        file,
        locate([]),
        CODES.kindMissing,
        `missing \`kind\`: every document says what it is (${known})`,
      ),
    };
  }
  const kind = value.kind;
  if (typeof kind === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(kind)) {
    return { ok: true, kind: kind as DocumentKind };
  }
  const message =
    typeof kind === 'string'
      ? `unknown kind \`${quoteSource(kind)}\`${didYouMean(kind, DOCUMENT_KINDS) || `; known kinds: ${known}`}`
      : `\`kind\` is ${shapeOf(kind)}, not a name: write the kind of the document as text, one of ${known}`;
  return {
    ok: false,
    finding: diagnostic('error', file, locate(['kind'], 'value'), CODES.kindUnknown, message),
  };
}

/** A YAML mapping (not a list, scalar or null) is the only shape a document may have. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a timestamp';
  if (value instanceof Uint8Array) return 'binary data';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}
