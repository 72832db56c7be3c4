import type { Notices } from '../notices.js';
import type { OperationId } from '../types.js';
import { JsonItems } from './json-list.js';

/**
 * Small readers for checking answers at the boundary. A field we use with the wrong shape throws a
 * DecodeError naming the field (`results[2].condition.kind`); the client turns it into an ApiError of kind
 * 'invalid-response'. Fields we do not use are never looked at, so the service may add any.
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
  constructor(
    readonly field: string,
    readonly expected: string,
    /** For the answer as a whole: what it was instead (a list, a string…). */
    got?: string,
  ) {
    super(
      got === undefined
        ? `field '${field}' is missing or not ${expected}`
        : `the answer is ${got}, not ${expected} as the contract says`,
    );
  }
}

export interface DecodeContext {
  readonly operation: OperationId;
  readonly notices: Notices;
}

export type Json = Readonly<Record<string, unknown>>;

export function at(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

export function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (where === '') throw new DecodeError('(body)', 'an object', shapeOfAnswer(value));
    throw new DecodeError(where, 'an object');
  }
  return value as Json;
}

export function str(o: Json, key: string, where: string): string {
  const value = o[key];
  if (typeof value !== 'string') throw new DecodeError(at(where, key), 'a string');
  return value;
}

/** A string field that may be absent or null (both read as the given fallback). */
export function optStr(o: Json, key: string, where: string): string | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new DecodeError(at(where, key), 'a string');
  return value;
}

export function nullableStr(o: Json, key: string, where: string): string | null {
  return optStr(o, key, where) ?? null;
}

export function bool(o: Json, key: string, where: string): boolean {
  const value = o[key];
  if (typeof value !== 'boolean') throw new DecodeError(at(where, key), 'a boolean');
  return value;
}

export function num(o: Json, key: string, where: string): number {
  const value = o[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DecodeError(at(where, key), 'a number');
  return value;
}

export function optNum(o: Json, key: string, where: string): number | undefined {
  const value = o[key];
  return value === undefined || value === null ? undefined : num(o, key, where);
}

export function array(o: Json, key: string, where: string): readonly unknown[] {
  const value = o[key];
  if (!Array.isArray(value)) throw new DecodeError(at(where, key), 'an array');
  return value;
}

/** What a list decoder reads: an array, or the items of a long list parsed one at a time (json-list.ts). */
export interface Items {
  readonly length: number;
  at(index: number): unknown;
}

export function items(o: Json, key: string, where: string): Items {
  const value = o[key];
  return value instanceof JsonItems ? value : array(o, key, where);
}

export function strArray(o: Json, key: string, where: string): string[] {
  return array(o, key, where).map((item, i) => {
    if (typeof item !== 'string') throw new DecodeError(at(at(where, key), i), 'a string');
    return item;
  });
}

/**
 * An enumeration the service may extend: a known value is returned as is; an unknown one is returned as
 * received (callers compare or show it, never switch exhaustively on it) and reported once.
 */
export function openEnum<T extends string>(
  value: string,
  known: readonly string[],
  what: string,
  ctx: DecodeContext,
): T {
  if (!known.includes(value)) {
    ctx.notices.add(
      `${what}:${value}`,
      `The service sent an unknown ${what} ${JSON.stringify(value)} (${ctx.operation}); it was kept as received.`,
    );
  }
  return value as T;
}

function shapeOfAnswer(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}
