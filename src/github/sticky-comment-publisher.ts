/**
 * The sticky pull-request comment: one per workflow and paths (its hidden marker), edited in place on each
 * run, with the reviewed plan's fingerprint for the apply that follows the merge.
 */

import { hasNothingToSay, renderComment, withReviewedPlan } from '../report/comment.js';
import { commentMarker } from '../report/markers.js';
import { statusOf } from './github-client.js';
import {
  describeFailure,
  notPosted,
  POSTED,
  type Publisher,
  type PublishInput,
  type PublishOutcome,
  redactAfterMarker,
} from './publisher.js';
import { upsertStickyComment } from './sticky-comment.js';

export const stickyCommentPublisher: Publisher = {
  destination: 'pull-request comment',
  appliesTo: ({ switches, target }) => switches.comment && target.pullRequest !== null,
  async publish({ github, report, counts, target, redact }: PublishInput): Promise<PublishOutcome> {
    const { pullRequest } = target;
    // appliesTo keeps runs without a pull request away: reaching here without one is a bug of ours.
    if (pullRequest === null)
      throw new Error('The sticky comment was asked for on a run without a pull request.');
    const marker = commentMarker(target.workflow, target.paths);
    try {
      // The target's own links, not the ones with provenance: the comment shows the change under review.
      const body = redactAfterMarker(
        renderComment(report, counts, marker, target.checkSha, {
          links: target.links,
          runUrl: target.runUrl,
        }),
        marker,
        redact,
      );
      await upsertStickyComment(
        github,
        { owner: target.owner, repo: target.repo, pullRequest, marker },
        withReviewedPlan(body, report, target.checkSha),
        hasNothingToSay(report),
      );
      return POSTED;
    } catch (error) {
      return notPosted(
        statusOf(error) === 403
          ? 'Pull-request comment not posted: the token lacks the pull-requests: write permission (always so on pull requests from forks).'
          : `Pull-request comment not posted: ${describeFailure(error)}`,
      );
    }
  },
};
