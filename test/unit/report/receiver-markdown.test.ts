import { describe, expect, it } from 'vitest';
import type { ReceiverChange } from '../../../src/plan/receiver-types.js';
import type { Plan } from '../../../src/plan/types.js';
import { receiversMarkdown, receiverTextLines } from '../../../src/report/receiver-lines.js';
import { receiverUpdate } from './report-factory.js';
import { LINKS } from './scenarios.js';

/** What a reviewer reads of a receiver's change in a comment, a job summary, a Checks run or a drift issue. */
const plan: Plan = {
  organizations: [],
  changes: [],
  diagnostics: [],
  unmanaged: [],
  ghosts: [],
  outdated: [],
  receivers: [receiverUpdate],
};

describe('a receiver change in Markdown', () => {
  it('links its document line at the commit planned, as a rule change does', () => {
    expect(receiversMarkdown(plan, false, LINKS)).toContain(
      `[\`alerting/receivers.yaml:11\`](${LINKS.server}/${LINKS.repository}/blob/${LINKS.sha}/alerting/receivers.yaml#L11)`,
    );
  });

  it("shows each field as a rule's is shown: the field, then its values, each as code", () => {
    const markdown = receiversMarkdown(plan, false, LINKS);
    expect(markdown).toContain('  - `send_resolved`: `false` → `true`');
    const created: ReceiverChange = {
      ...receiverUpdate,
      action: 'create',
      id: null,
      diff: [
        { path: 'name', before: null, after: 'email-platform' },
        { path: 'owner', before: null, after: null },
      ],
    } as ReceiverChange;
    const shown = receiversMarkdown({ ...plan, receivers: [created] }, false, LINKS);
    expect(shown).toContain('  - `name`: `email-platform`\n  - `owner`: *(none)*');
  });

  it("names the action's rotate-secrets input as the way to send a kept secret, the terminal its flag", () => {
    const markdown = receiversMarkdown(plan, false, LINKS);
    expect(markdown).toContain(
      'secrets: kept (sent as null; the service never returns them, so they cannot be compared: the action input `rotate-secrets: true` (or `--rotate-secrets` on the command line) sends them)',
    );
    expect(receiverTextLines(plan, (_c, t) => t).join('\n')).toContain('--rotate-secrets sends them');
  });
});
