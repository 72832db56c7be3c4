import type { AlertTargetType } from './types.js';

/**
 * The service's published description spells the cluster target ' CLUSTER' (leading space), and its
 * generated clients send that. The project says CLUSTER everywhere; only this module knows the wire form.
 */
const WIRE_CLUSTER = ' CLUSTER';

export function toWireTargetType(type: AlertTargetType): string {
  return type === 'CLUSTER' ? WIRE_CLUSTER : type;
}

/** Reads either spelling (and any stray whitespace) back to the canonical one. */
export function fromWireTargetType(wire: string): string {
  return wire.trim();
}
