import { describe, expect, it } from 'vitest';
import type { ReceiverChange } from '../../../src/model/alert-receiver-change.js';
import { changeMarkdown } from '../../../src/report/change-markdown.js';
import { formatPlanText } from '../../../src/report/plan-text.js';
import { change, plan, receiverUpdate } from './report-factory.js';
import { LINKS } from './scenarios.js';

/**
 * What a reviewer reads of a receiver's change in a comment, a job summary, a Checks run or a drift issue:
 * the same rendering as a rule's, in the same list, with what only a receiver has (its type, its secret).
 */
describe('a receiver change in Markdown', () => {
  it('links its document line at the commit planned, as a rule change does', () => {
    expect(changeMarkdown(receiverUpdate, LINKS)).toContain(
      `[\`alerting/receivers.yaml:11\`](${LINKS.server}/${LINKS.repository}/blob/${LINKS.sha}/alerting/receivers.yaml#L11)`,
    );
  });

  it('names its kind, its id and its type in its heading', () => {
    expect(changeMarkdown(receiverUpdate, LINKS)).toMatch(
      /^\*\*✏️ update\*\* alert receiver `email-platform` \(`5e1ec7ed-0000-4000-8000-000000000202`\) · EMAIL · \[/,
    );
  });

  it("shows each field as a rule's is shown: the field, then its values, each as code", () => {
    const markdown = changeMarkdown(receiverUpdate, LINKS);
    expect(markdown).toContain('- `send_resolved`: `false` → `true`');
    const created: ReceiverChange = {
      ...receiverUpdate,
      action: 'create',
      id: null,
      secrets: [{ field: 'auth_password', env: 'SMTP_PASSWORD' }],
      diff: [
        { path: 'name', before: null, after: 'email-platform' },
        { path: 'owner', before: null, after: null },
      ],
    } as ReceiverChange;
    const shown = changeMarkdown(created, LINKS);
    // The secret closes the list of fields: one list, not two.
    expect(shown).toContain(
      '- `name`: `email-platform`\n- `owner`: *(none)*\n- secrets: will be sent (auth\\_password from $SMTP\\_PASSWORD)',
    );
  });

  it("names the action's rotate-secrets input as the way to send a kept secret, the terminal its flag", () => {
    expect(changeMarkdown(receiverUpdate, LINKS)).toContain(
      '- secrets: kept (sent as null; the service never returns them, so they cannot be compared: the action input `rotate-secrets: true` (or `--rotate-secrets` on the command line) sends them)',
    );
    expect(formatPlanText(plan([receiverUpdate]), { color: false })).toContain(
      '      secrets: kept (sent as null; the service never returns them, so they cannot be compared: --rotate-secrets sends them)',
    );
  });

  it('says a rotation as such, and a delete as what applying the documents does', () => {
    const rotation = {
      ...receiverUpdate,
      diff: [],
      secrets: [{ field: 'auth_password', env: 'SMTP_PASSWORD' }],
      secretsWhy: 'rotation',
    } as ReceiverChange;
    expect(changeMarkdown(rotation, LINKS)).toContain(
      '**✏️ rotate the secret of** alert receiver `email-platform`',
    );
    expect(changeMarkdown(rotation, LINKS)).toContain(
      '- secrets: will be sent (auth\\_password from $SMTP\\_PASSWORD; rotation asked)',
    );
    const removed = { ...receiverUpdate, action: 'delete', diff: [] } as unknown as ReceiverChange;
    expect(changeMarkdown(removed, LINKS)).toBe(
      '**🗑️ delete** alert receiver `email-platform` (`5e1ec7ed-0000-4000-8000-000000000202`) · EMAIL · `alerting/receivers.yaml:11` (document removed)\n\n' +
        'Applying the documents deletes the live alert receiver `5e1ec7ed-0000-4000-8000-000000000202`.',
    );
  });
});

describe('a plan of receivers and rules, for a terminal', () => {
  it('lists every change in one list in plan order, each receiver with its type and secret', () => {
    const text = formatPlanText(plan([receiverUpdate, change(1)]), { color: false });
    expect(text).toBe(
      [
        'Alert rules and alert receivers: the plan would make these changes:',
        '',
        '  ~ update alert receiver email-platform (5e1ec7ed-0000-4000-8000-000000000202) · EMAIL  alerting/receivers.yaml:11',
        '      send_resolved: false → true',
        '      secrets: kept (sent as null; the service never returns them, so they cannot be compared: --rotate-secrets sends them)',
        '',
        '  ~ update rule-1 (a2a2a2a2-0000-4000-8000-000000000001)  alerting/rules-1.yaml:21',
        '      severity:            "LOW" → "HIGH"',
        '      condition.threshold: 0.5 → 0.9',
        '',
      ].join('\n'),
    );
    const drift = formatPlanText(plan([receiverUpdate]), { color: false, drift: true });
    expect(drift.split('\n')[0]).toBe(
      'Alert receivers: drift: these live alert receivers differ from the documents (applying the documents would make these changes):',
    );
  });

  it("says a receiver's secret was not compared when nothing changes, and lists receivers made outside git", () => {
    const quiet = {
      ...plan([
        { ...receiverUpdate, action: 'noop', diff: [] } as unknown as ReceiverChange,
        change(1, 'noop'),
      ]),
      unmanaged: [
        {
          kind: 'AlertReceiver' as const,
          id: 'r-9',
          name: 'made-in-console',
          type: 'SLACK',
          organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
        },
      ],
    };
    expect(formatPlanText(quiet, { color: false })).toBe(
      [
        "Alert rules and alert receivers: no changes. The live rules and alert receivers match the documents. Receivers' secrets cannot be compared: the service never returns them.",
        '',
        'Live alert receivers no document manages (listed, never touched):',
        '  • made-in-console (r-9) · SLACK',
        '',
      ].join('\n'),
    );
  });
});
