import { expect } from 'vitest';
import { ApiError } from '../../src/service/errors.js';

/** The ApiError a client call fails with; the test fails when the call succeeds or fails otherwise. */
export async function apiFailure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => expect.fail('the call succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
