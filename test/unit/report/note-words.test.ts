import { describe, expect, it } from 'vitest';
import type { ChangeNote } from '../../../src/kinds/change-kind.js';
import { driftedWords, kindsNoun } from '../../../src/report/kind-words.js';
import { burnWords, secretsSentence } from '../../../src/report/note-words.js';

/** The words the terminal and Markdown share for what a kind describes of its changes. */
describe("the words of a change's notes", () => {
  const sent = [{ field: 'auth_password', env: 'SMTP_PASSWORD' }] as const;
  const note = (why: Extract<ChangeNote, { kind: 'secrets' }>['why']) =>
    ({ kind: 'secrets', why, sent: why === 'kept' ? [] : sent }) as const;

  it('says why a write sends the secrets, escaping the names for Markdown only', () => {
    expect(secretsSentence(note('create'), 'text')).toBe('will be sent (auth_password from $SMTP_PASSWORD)');
    expect(secretsSentence(note('create'), 'markdown')).toBe(
      'will be sent (auth\\_password from $SMTP\\_PASSWORD)',
    );
    expect(secretsSentence(note('rotation'), 'text')).toBe(
      'will be sent (auth_password from $SMTP_PASSWORD; rotation asked)',
    );
    expect(secretsSentence(note('type changed'), 'text')).toBe(
      'will be sent (auth_password from $SMTP_PASSWORD; the type changed)',
    );
  });

  it('tells each face how to send kept secrets again', () => {
    expect(secretsSentence(note('kept'), 'text')).toContain(': --rotate-secrets sends them)');
    expect(secretsSentence(note('kept'), 'markdown')).toContain('the action input `rotate-secrets: true`');
  });

  it("says a generated rule's urgency and windows", () => {
    const source = { objective: 'o', pair: '3d-6h', budget: 0.01, windowSeconds: 1, ratio: 'x' };
    expect(burnWords({ ...source, urgency: 'page' })).toBe('pages on a burn over 3d and 6h');
    expect(burnWords({ ...source, urgency: 'ticket' })).toBe('opens a ticket on a burn over 3d and 6h');
  });
});

describe('the words that count kinds', () => {
  it('say the lead kind by the sentence’s noun, at none only when nothing else is counted', () => {
    expect(driftedWords({}, 'live rule')).toBe('0 live rules');
    expect(driftedWords({ AlertReceiver: 1 }, 'live rule')).toBe('1 alert receiver');
    expect(driftedWords({ AlertReceiver: 2, AlertRule: 1 }, 'rule')).toBe('1 rule and 2 alert receivers');
  });

  it('name the kinds of a list, rules first', () => {
    expect(kindsNoun([])).toBe('rules');
    expect(kindsNoun([{ kind: 'AlertReceiver' }])).toBe('alert receivers');
    expect(kindsNoun([{ kind: 'AlertReceiver' }, { kind: 'AlertRule' }], 'alert rules')).toBe(
      'alert rules and alert receivers',
    );
  });
});
