/**
 * Errors by class, mapped once at the top of each face:
 * - UsageError: the user's command line, inputs or configuration. One clear line, no stack trace.
 * - ApiError (src/service/errors.ts): the service answered with a failure, or could not be reached.
 * - anything else is a bug: stack trace and a request to report it.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
