import type { ErrorObject } from 'ajv';
import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { MAX_DOCUMENT_FINDINGS } from './limits.js';
import type { Locator } from './locate.js';
import { schemaAt } from './schema-validate.js';
import { didYouMean } from './suggest.js';
import type { DocumentKind, PathSegment } from './types.js';

/**
 * Turns ajv's errors into findings a person can act on: each points at the key or value in error (not at
 * the document), names the field as it is written, and says what is allowed.
 */
export function schemaDiagnostics(
  file: string,
  kind: DocumentKind,
  value: unknown,
  errors: readonly ErrorObject[],
  locate: Locator,
): Diagnostic[] {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf');
  // Errors inside an anyOf explain its branches one by one; the anyOf itself says it better in one line.
  const inBranch = (e: ErrorObject) => alternatives.some((a) => e.schemaPath.startsWith(`${a.schemaPath}/`));
  const findings: Diagnostic[] = [];
  const reported = errors.filter((e) => !inBranch(e));
  // Each finding locates its node by a walk of the mapping: past a few dozen, one finding counts the rest
  // (a mapping of 140 000 unknown keys would otherwise cost 140 000 walks of 140 000 keys).
  for (const error of reported.slice(0, MAX_DOCUMENT_FINDINGS)) {
    const path = pathSegments(error.instancePath, value);
    const data = valueAt(value, path);
    const at = (range: SourceRange, code: string, message: string) =>
      findings.push(diagnostic('error', file, range, code, message));
    switch (error.keyword) {
      case 'required': {
        const missing = String(error.params.missingProperty);
        at(locate(path), CODES.required, `missing required field \`${missing}\`${inField(path)}`);
        break;
      }
      case 'anyOf': {
        const names = errors
          .filter((e) => e.keyword === 'required' && e.schemaPath.startsWith(`${error.schemaPath}/`))
          .map((e) => `\`${String(e.params.missingProperty)}\``);
        const message =
          names.length > 0
            ? `needs at least one of ${names.join(' or ')}${inField(path)}`
            : `\`${display(path)}\` matches none of the allowed forms`;
        at(locate(path), names.length > 0 ? CODES.requiredOneOf : CODES.invalid, message);
        break;
      }
      case 'additionalProperties': {
        const key = String(error.params.additionalProperty);
        const parent = schemaAt(kind, error.schemaPath.replace(/\/additionalProperties$/, ''));
        const known = Object.keys((parent?.properties as object | undefined) ?? {});
        const hint =
          didYouMean(key, known) || (known.length > 0 ? `; known fields: ${known.join(', ')}` : '');
        at(locate([...path, key]), CODES.unknownField, `unknown field \`${key}\`${inField(path)}${hint}`);
        break;
      }
      case 'enum': {
        const allowed = (error.params.allowedValues as unknown[]).map(String);
        const hint = typeof data === 'string' ? didYouMean(data, allowed) : '';
        at(
          locate(path, 'value'),
          CODES.enumValue,
          `\`${display(path)}\` must be one of ${allowed.join(', ')} (got ${shown(data)})${hint}`,
        );
        break;
      }
      case 'type':
        at(locate(path, 'value'), CODES.wrongType, typeMessage(path, String(error.params.type), data));
        break;
      case 'format':
        at(locate(path, 'value'), CODES.format, formatMessage(path, String(error.params.format), data));
        break;
      case 'minItems':
        at(
          locate(path, 'value'),
          CODES.minItems,
          `\`${display(path)}\` needs at least ${String(error.params.limit)} item(s)`,
        );
        break;
      case 'pattern':
        // An empty value also fails minLength, whose "must not be empty" says it better.
        if (data === '') break;
        at(locate(path, 'value'), CODES.pattern, patternMessage(path, String(error.params.pattern), data));
        break;
      case 'minLength':
        at(locate(path, 'value'), CODES.minLength, `\`${display(path)}\` must not be empty`);
        break;
      case 'uniqueItems': {
        const later = Math.max(Number(error.params.i), Number(error.params.j));
        const earlier = Math.min(Number(error.params.i), Number(error.params.j));
        at(
          locate([...path, later]),
          CODES.uniqueItems,
          `\`${display([...path, later])}\` repeats \`${display([...path, earlier])}\``,
        );
        break;
      }
      case 'if':
        // "must match the then/else schema": the branch's own error, reported beside it, says what is wrong.
        break;
      case 'const':
        at(
          locate(path, 'value'),
          CODES.constValue,
          `\`${display(path)}\` must be ${shown(error.params.allowedValue)}`,
        );
        break;
      default:
        at(locate(path, 'value'), CODES.invalid, `\`${display(path)}\` ${error.message ?? 'is invalid'}`);
    }
  }
  if (reported.length > MAX_DOCUMENT_FINDINGS) {
    const more = reported.length - MAX_DOCUMENT_FINDINGS;
    const message = `${more.toLocaleString('en-US')} more ${more === 1 ? 'problem' : 'problems'} in this document not shown (at most ${MAX_DOCUMENT_FINDINGS} per document)`;
    findings.push(diagnostic('error', file, locate([]), CODES.invalid, message));
  }
  return findings;
}

/** "/alert_receiver_ids/1" → ['alert_receiver_ids', 1], numbers only where the data is a sequence. */
export function pathSegments(pointer: string, value: unknown): PathSegment[] {
  if (pointer === '') return [];
  const segments: PathSegment[] = [];
  let current: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment: PathSegment = Array.isArray(current) && /^\d+$/.test(key) ? Number(key) : key;
    segments.push(segment);
    current =
      current !== null && typeof current === 'object'
        ? (current as Record<string | number, unknown>)[segment]
        : undefined;
  }
  return segments;
}

function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** How a person writes a path: `condition.kind`, `alert_receiver_ids[1]`. */
export function display(path: readonly PathSegment[]): string {
  if (path.length === 0) return 'document';
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function inField(path: readonly PathSegment[]): string {
  return path.length === 0 ? '' : ` in \`${display(path)}\``;
}

/** A value in a message: short, quoted, and only for fields whose values are identifiers or words. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  // `!!timestamp` and `!!binary` values become a Date and bytes, not mappings.
  if (value instanceof Date) return 'a timestamp';
  if (value instanceof Uint8Array) return 'binary data';
  // ajv refuses numbers JSON cannot carry: `.inf`, `.nan`, and literals beyond ±1.8e308 such as 1e400.
  if (typeof value === 'number' && Number.isNaN(value)) return '.nan, which is not a number';
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return 'an infinite number: `.inf`, or a number too large to represent';
  }
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};

function typeMessage(path: readonly PathSegment[], type: string, data: unknown): string {
  const expected = type
    .split(',')
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(' or ');
  // Deliberately not the value itself: free-form fields may hold secrets.
  const got = describeType(data);
  const quoteHint = type.startsWith('string') && typeof data === 'number' ? '; put the value in quotes' : '';
  return `\`${display(path)}\` must be ${expected} (got ${got})${quoteHint}`;
}

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uuid: 'a UUID such as 5e1ec7ed-0000-4000-8000-000000000201',
  duration: 'an ISO-8601 duration such as PT5M or PT1H30M',
  uri: 'an absolute URL such as https://runbooks.example.com/page',
};

function formatMessage(path: readonly PathSegment[], format: string, data: unknown): string {
  return `\`${display(path)}\` must be ${FORMAT_WORDS[format] ?? `in ${format} format`} (got ${shown(data)})`;
}

/**
 * Each pattern of the schemas refuses a value no user means, one that the service would refuse after the
 * merge (or that would move a request's path); each gets its own message.
 */
function patternMessage(path: readonly PathSegment[], pattern: string, data: unknown): string {
  const field = `\`${display(path)}\``;
  const text = typeof data === 'string' ? data : '';
  if (pattern === '\\S') return `${field} must not be blank (it holds only spaces)`;
  // A service level objective's windows, and its rule_ids' keys (`1h-5m`): Prometheus durations.
  if (pattern.startsWith('^[1-9][0-9]*(m|h|d|w)')) {
    const what = pattern.includes(')-[')
      ? 'a window pair such as 1h-5m'
      : 'a Prometheus duration such as 5m, 1h or 3d';
    return `${field} must be ${what}, in whole minutes, hours, days or weeks (got ${shown(data)})`;
  }
  if (pattern === '^[A-Za-z0-9][A-Za-z0-9_.-]*$') {
    return `${field} must start with a letter or a digit and hold only letters, digits, \`.\`, \`_\` and \`-\`: its rules are named after it (got ${shown(data)})`;
  }
  if (pattern.startsWith('^(?!')) {
    return `${field} must be a name without \`/\` or spaces, and not \`.\` or \`..\`: it becomes a segment of the request path (got ${shown(data)})`;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) {
    return `${field} must be an http(s) URL: \`${scheme.toLowerCase()}:\` is not allowed (got ${shown(data)})`;
  }
  if (scheme !== undefined)
    return `${field} must name a host, such as https://runbooks.example.com/page (got ${shown(data)})`;
  return `${field} must be an absolute URL such as https://runbooks.example.com/page, not a relative one (got ${shown(data)})`;
}
