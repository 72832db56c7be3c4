/** Names of clusters, projects, environments and services (and the closest names every kind offers, receivers too) into ids and alert targets: pure, over plain lists. */
export {
  closestEntries,
  didYouMeanNames,
  MAX_CLOSEST,
  matchName,
  type NameMatch,
  normalizeName,
} from './name-match.js';
export { namesOfMapping, parseNamePath } from './name-path.js';
export {
  resolveCluster,
  resolveClusterTarget,
  resolveEnvironmentTarget,
  resolveProject,
  resolveServiceTarget,
  SERVICE_TARGET_TYPES,
  targetTypeOfService,
} from './resolve-names.js';
export * from './types.js';
