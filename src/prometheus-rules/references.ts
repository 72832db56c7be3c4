/**
 * `import --cluster`, `--target` and `--receiver`: what the imported documents point at. Clusters and
 * targets are taken by id for now; a name (`prod-eu`, `shop/production/api`) is refused with a clear
 * message, and resolving names is one change here when the service's names are resolved. Receivers are
 * taken by id or by name, as the documents take them (`alert_receiver_ids`, `alert_receivers`).
 */
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { ALERT_TARGET_TYPES } from '../service/types.js';

export interface TargetRef {
  readonly type: string;
  readonly id: string;
}

const NAMES_NOT_RESOLVED = 'names are not resolved yet';

export function clusterReference(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') {
    throw new UsageError("'import' needs --cluster ID: the cluster whose metrics the imported rules watch");
  }
  const value = raw.trim();
  if (isUuid(value)) return value.toLowerCase();
  throw new UsageError(
    `--cluster '${value.slice(0, 80)}' is not a cluster id: ${NAMES_NOT_RESOLVED}, pass the cluster's UUID (e.g. 7f1b2c3d-0000-4000-8000-000000000001)`,
  );
}

/** `TYPE:ID` (`APPLICATION:a1a1…`); absent means the cluster itself (`CLUSTER:<cluster id>`). */
export function targetReference(raw: string | undefined, clusterId: string): TargetRef {
  if (raw === undefined) return { type: 'CLUSTER', id: clusterId };
  const value = raw.trim();
  const match = /^([A-Za-z_]+):(.+)$/.exec(value);
  const types = ALERT_TARGET_TYPES.join(', ');
  if (!match) {
    throw new UsageError(
      `--target '${value.slice(0, 80)}' is not TYPE:ID: ${NAMES_NOT_RESOLVED}, pass the target's type and UUID, e.g. APPLICATION:a1a1a1a1-0000-4000-8000-000000000301 (types: ${types})`,
    );
  }
  const type = match[1]!.toUpperCase();
  const id = match[2]!.trim();
  if (!(ALERT_TARGET_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`--target type '${match[1]}' is not one of ${types}`);
  }
  if (!isUuid(id)) {
    throw new UsageError(
      `--target '${value.slice(0, 80)}' does not end in an id: ${NAMES_NOT_RESOLVED}, pass ${type}:UUID`,
    );
  }
  return { type, id: id.toLowerCase() };
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
