import { STATUS_CODES } from 'node:http';

/** A failure answer of the sandbox, rendered as the service's documented body `{status, error, message}`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function errorBody(status: number, message: string): Record<string, unknown> {
  return { status, error: STATUS_CODES[status] ?? 'Error', message };
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
