export { CODES } from './codes.js';
export { conflictingComponents } from './cross-checks.js';
export { MAX_FILE_BYTES } from './limits.js';
export { loadDocuments } from './load.js';
export { parseFiles } from './parse.js';
export { readSourceFiles } from './read-files.js';
export { SCHEMAS } from './schema-validate.js';
export type * from './types.js';
export { DOCUMENT_KINDS } from './types.js';
