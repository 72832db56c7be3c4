// A local module for the runtime's dynamic import (see service-loader.ts): octokit loads only when a run
// posts to GitHub.

export { baseAppliedOf } from '../github/apply-run.js';
export { createGitHubClient } from '../github/github-client.js';
export { publishToGitHub } from '../github/publish.js';
export { findReviewedPlan } from '../github/reviewed-plan.js';
