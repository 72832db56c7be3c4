import { loadDocuments } from '../documents/load.js';
import { alertReceivers } from '../planner/documents-by-kind.js';
import { loadOptionsOf } from '../planner/load-options.js';
import type { RunContext } from '../run/types.js';

/**
 * The names of the receivers the repository declares for the run's organization, which `receivers test`
 * without names tests: the AlertReceiver documents under the run's paths (the whole repository when none
 * is given). A repository that declares none gives an empty list, and the command then asks for names.
 */
export async function declaredReceiverNames(ctx: RunContext): Promise<readonly string[]> {
  const paths = ctx.paths.length > 0 ? ctx.paths : ['.'];
  const loaded = await loadDocuments(ctx.root, paths, loadOptionsOf(ctx));
  return alertReceivers(loaded.documents)
    .filter((d) => (d.value.organization_id ?? ctx.organizationId) === ctx.organizationId)
    .map((d) => d.value.name);
}
