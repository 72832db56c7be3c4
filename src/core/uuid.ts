const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is a UUID as the service writes its ids (any case). Given a string, a plain yes or no;
 * given anything else (a request's field), it also tells the compiler the value is a string.
 */
export function isUuid(value: string): boolean;
export function isUuid(value: unknown): value is string;
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}
