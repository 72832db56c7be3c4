/** A seed that cannot be used: the message names the file (when the seed came from files) and the field. */
export class SeedError extends Error {
  override readonly name = 'SeedError';
}
