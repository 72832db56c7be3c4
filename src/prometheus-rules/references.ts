/**
 * `import --cluster`, `--target` and `--receiver`: what the imported documents point at, written in the
 * documents' own forms, by name or by id. Import makes no request: a name is written as it is given
 * (`cluster: prod-eu`, `target: {service: shop/production/api}`) and `plan` resolves it against the
 * service's lists like any document's, with the same errors on its line; here only its shape is checked.
 */
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { parseNamePath } from '../names/index.js';
import { ALERT_TARGET_TYPES } from '../service/types.js';

/** The cluster as the documents write it: `cluster_id: <uuid>` or `cluster: <name>`. */
export type ClusterRef = { readonly cluster_id: string } | { readonly cluster: string };

/** The target as the documents write it: the id form, or one name form. */
export type TargetForm =
  | { readonly target_type: string; readonly target_id: string }
  | { readonly service: string }
  | { readonly environment: string }
  | { readonly cluster: string };

const NAME_FORMS = 'service:PROJECT/ENVIRONMENT/SERVICE, environment:PROJECT/ENVIRONMENT or cluster:NAME';

export function clusterReference(raw: string | undefined): ClusterRef {
  if (raw === undefined || raw.trim() === '') {
    throw new UsageError(
      "'import' needs --cluster NAME|ID: the cluster whose metrics the imported rules watch",
    );
  }
  const value = raw.trim();
  return isUuid(value) ? { cluster_id: value.toLowerCase() } : { cluster: value };
}

/**
 * `service:shop/production/api`, `environment:shop/production`, `cluster:prod-eu` (by name), or `TYPE:ID`
 * (`APPLICATION:a1a1…`); absent means the cluster itself, in the form --cluster was given in.
 */
export function targetReference(raw: string | undefined, cluster: ClusterRef): TargetForm {
  if (raw === undefined) {
    return 'cluster_id' in cluster
      ? { target_type: 'CLUSTER', target_id: cluster.cluster_id }
      : { cluster: cluster.cluster };
  }
  const value = raw.trim();
  const match = /^([A-Za-z_]+):(.+)$/.exec(value);
  const types = ALERT_TARGET_TYPES.join(', ');
  if (!match) {
    throw new UsageError(
      `--target '${value.slice(0, 80)}' is neither a name form nor TYPE:ID: pass ${NAME_FORMS}, or the target's type and UUID, e.g. APPLICATION:a1a1a1a1-0000-4000-8000-000000000301`,
    );
  }
  const [, prefix, rest] = match;
  const written = rest!.trim();
  const byName = namedTarget(prefix!.toLowerCase(), written);
  if (byName !== null) return byName;
  const type = prefix!.toUpperCase();
  if (!(ALERT_TARGET_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`--target type '${prefix}' is not one of ${types}, nor a name form (${NAME_FORMS})`);
  }
  if (!isUuid(written)) {
    throw new UsageError(
      `--target '${value.slice(0, 80)}' does not end in an id: pass ${type}:UUID, or name it (${NAME_FORMS}; the service's type gives the target type)`,
    );
  }
  return { target_type: type, target_id: written.toLowerCase() };
}

/** The parts of each name form's path, as the documents' target takes them. */
const NAME_PATHS: Readonly<Record<string, readonly string[]>> = {
  service: ['project', 'environment', 'service'],
  environment: ['project', 'environment'],
  cluster: ['cluster'],
};

/** A name form of --target, its path's shape checked; null when the prefix is not one of them. */
function namedTarget(prefix: string, written: string): TargetForm | null {
  if (!Object.hasOwn(NAME_PATHS, prefix)) return null;
  const labels = NAME_PATHS[prefix]!;
  const path = parseNamePath(written, labels);
  if (!path.ok) throw new UsageError(`--target ${prefix}:${written.slice(0, 80)}: ${path.error.message}`);
  return { [prefix]: path.value.join('/') } as TargetForm;
}

/** Each --receiver: a UUID goes to alert_receiver_ids, anything else is a receiver's name. */
export function receiverReferences(raw: readonly string[]): { ids: string[]; names: string[] } {
  const values = raw.map((r) => r.trim());
  if (values.length === 0 || values.some((v) => v === '')) {
    throw new UsageError("'import' needs --receiver ID|NAME (repeatable): who the imported alerts notify");
  }
  const ids = [...new Set(values.filter((v) => isUuid(v)).map((v) => v.toLowerCase()))];
  const names = [...new Set(values.filter((v) => !isUuid(v)))];
  return { ids, names };
}
