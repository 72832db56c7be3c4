// A local module for the runtime's dynamic import (see service-loader.ts): octokit loads only when a run
// posts to GitHub or asks it for the run's evidence.

export { EvidenceLookup } from '../github/evidence-lookup.js';
export { createGitHubClient } from '../github/github-client.js';
export { publishToGitHub } from '../github/publish.js';
