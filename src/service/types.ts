/**
 * The service's types as this project uses them, written from the published contract (see README,
 * "The service API"). Only the fields we read or send are typed; the client checks them at the boundary.
 * Enumerations are open where the service may add values: a value we do not know is tolerated and reported
 * by the client, never a crash.
 */
// One file per domain under types/; this module re-exports them all, so imports of it keep working.
export * from './types/alert-rules.js';
export * from './types/client-interface.js';
export * from './types/cluster-logs.js';
export * from './types/cluster-metrics.js';
export * from './types/name-lists.js';
export * from './types/platform.js';
