import type { GitHubClient } from './github-client.js';
import { type MarkedItemStore, upsertByMarker } from './upsert-by-marker.js';

export interface StickyCommentTarget {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  readonly marker: string;
}

export type StickyOutcome = 'created' | 'updated' | 'unchanged' | 'not-posted';

/**
 * Keeps one comment per marker on the pull request: edits it in place, creates it only when there is
 * something to say, and when two runs raced to create it keeps the older one and removes ours.
 */
export async function upsertStickyComment(
  github: GitHubClient,
  target: StickyCommentTarget,
  body: string,
  nothingToSay: boolean,
): Promise<StickyOutcome> {
  const { owner, repo, pullRequest, marker } = target;
  const comments: MarkedItemStore = {
    list: async () =>
      (
        await github.paginate(github.rest.issues.listComments, {
          owner,
          repo,
          issue_number: pullRequest,
          per_page: 100,
        })
      ).map((c) => ({ key: c.id, body: c.body ?? '' })),
    create: async (text) =>
      (await github.rest.issues.createComment({ owner, repo, issue_number: pullRequest, body: text })).data
        .id,
    update: async (id, text) => {
      await github.rest.issues.updateComment({ owner, repo, comment_id: id, body: text });
    },
    discard: async (id) => {
      await github.rest.issues.deleteComment({ owner, repo, comment_id: id });
    },
  };
  const outcome = await upsertByMarker(comments, marker, body, { create: !nothingToSay });
  return outcome === 'not-created' ? 'not-posted' : outcome;
}
