// A local module for the runtime's dynamic import: the bundler gives a dynamic import of a package a chunk
// that exports only its default, so the clients are always reached through a module of ours.
export { createServiceClient } from '../service/client.js';
