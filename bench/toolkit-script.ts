/**
 * The cold-start bench's baseline: a bare action built on the toolkit, doing only what every such action
 * does first (import @actions/core and @actions/github, read the event). Bundled with dist/'s options.
 */
import * as core from '@actions/core';
import { context } from '@actions/github';

const number = (context.payload.pull_request?.number as number | undefined) ?? 'none';
core.info(`event ${context.eventName}, pull request ${number}`);
