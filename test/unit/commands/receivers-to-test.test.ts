import { describe, expect, it } from 'vitest';
import { receiversToTest } from '../../../src/commands/receivers-to-test.js';
import { liveReceiver } from '../../helpers/receivers.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const live = [
  liveReceiver({ id: 'r1', name: 'slack-oncall', type: 'SLACK' }),
  liveReceiver({ id: 'r2', name: 'twin', type: 'SLACK' }),
  liveReceiver({ id: 'r3', name: 'Twin', type: 'EMAIL' }),
];

describe('receiversToTest', () => {
  it('matches names case-insensitively after trimming, in the order asked, each once', () => {
    const choices = receiversToTest(ORG, [' Slack-OnCall ', 'slack-oncall'], live);
    expect(choices).toEqual([{ kind: 'test', name: 'slack-oncall', receiver: live[0] }]);
  });

  it('never guesses between several receivers of one name, and names them', () => {
    const [choice] = receiversToTest(ORG, ['twin'], live);
    expect(choice).toEqual({
      kind: 'unmatched',
      test: {
        organizationId: ORG,
        name: 'twin',
        receiverId: null,
        type: null,
        ok: false,
        detail: '2 receivers have this name (r2, r3): rename one, nothing was sent',
      },
    });
  });

  it('offers the near names of an unknown one, and nothing when none is near', () => {
    const [typo, far] = receiversToTest(ORG, ['slack-oncal', 'pagerduty-primary'], live);
    expect(typo?.kind === 'unmatched' && typo.test.detail).toBe(
      `no receiver of organization ${ORG} has this name (did you mean "slack-oncall"?); nothing was sent`,
    );
    expect(far?.kind === 'unmatched' && far.test.detail).toBe(
      `no receiver of organization ${ORG} has this name; nothing was sent`,
    );
  });
});
