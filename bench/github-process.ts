/**
 * The fake GitHub of the tests in its own process, with one open pull request, so that a benchmark's
 * timings are not shared with the server's work.
 *   node github-process.js   → prints {"url": …, "token": …, "pullRequest": N} and serves until stdin closes.
 */
import { startFakeGitHub } from '../test/helpers/fake-github.js';
import { serveUntilStdinEnds } from './server-control.js';

const github = await startFakeGitHub();
const pullRequest = github.addPullRequest();
serveUntilStdinEnds({ url: github.url, token: github.token, pullRequest }, () => github.close());
