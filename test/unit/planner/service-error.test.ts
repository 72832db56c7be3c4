import { expect, it } from 'vitest';
import { serviceError } from '../../../src/planner/service-findings.js';
import { ApiError } from '../../../src/service/errors.js';

it('a message that already says "Nothing was written" says it once', () => {
  const error = Object.assign(Object.create(ApiError.prototype) as ApiError, {
    message: 'Nothing was written: the plan needs 3 write requests but the token has 1 requests left.',
  });
  expect(serviceError('Nothing was written', error).message).toBe(
    'Nothing was written: the plan needs 3 write requests but the token has 1 requests left.',
  );
  const other = Object.assign(Object.create(ApiError.prototype) as ApiError, { message: 'HTTP 500' });
  expect(serviceError('Nothing was written', other).message).toBe('Nothing was written: HTTP 500');
});
