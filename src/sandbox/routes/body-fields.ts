import { badRequest } from '../http-error.js';
import { isUuid } from '../wire.js';

/**
 * Readers of one field of a request body, each a 400 naming the field (with its prefix, e.g.
 * `condition.`) when the field is missing or of the wrong shape: the service reports one problem at a time.
 */
export type Body = Readonly<Record<string, unknown>>;

export function required(body: Body, key: string, prefix = ''): unknown {
  const value = body[key];
  if (value === undefined || value === null) throw badRequest(`${prefix}${key}: is required`);
  return value;
}

export function string(body: Body, key: string, prefix = ''): string {
  const value = required(body, key, prefix);
  if (typeof value !== 'string') throw badRequest(`${prefix}${key}: must be a string`);
  return value;
}

export function nonEmptyString(body: Body, key: string, prefix = ''): string {
  const value = string(body, key, prefix);
  if (value.trim().length === 0) throw badRequest(`${prefix}${key}: must not be empty`);
  return value;
}

export function boolean(body: Body, key: string, prefix = ''): boolean {
  const value = required(body, key, prefix);
  if (typeof value !== 'boolean') throw badRequest(`${prefix}${key}: must be true or false`);
  return value;
}

export function uuid(body: Body, key: string, prefix = ''): string {
  const value = required(body, key, prefix);
  if (!isUuid(value)) throw badRequest(`${prefix}${key}: must be a uuid`);
  return value.toLowerCase();
}

export function oneOf<T extends string>(body: Body, key: string, allowed: readonly T[], prefix = ''): T {
  const value = required(body, key, prefix);
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    const shown = allowed.map((a) => JSON.stringify(a)).join(', ');
    throw badRequest(`${prefix}${key}: must be one of ${shown}`);
  }
  return value as T;
}
