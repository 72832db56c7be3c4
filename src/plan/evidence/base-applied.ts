/**
 * Moved to src/evidence/base-apply.ts (docs/decisions/run-evidence.md). Kept only for review-gate.ts,
 * which imports it from here until the review of every kind replaces that file: then this file goes, and
 * with it the back arrow plan/ → evidence/ listed in scripts/import-baseline.json.
 */
export { type BaseApplied, withKnownOutsideEdits } from '../../evidence/base-apply.js';
