import { describe, expect, it } from 'vitest';
import { codePageUrl } from '../../../src/core/published.js';
import { inlineCode } from '../../../src/markdown/escape.js';
import { codeMarkdown, messageWithCode } from '../../../src/report/finding-title.js';

const PAGES = 'https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes';

describe("a finding's code and its page", () => {
  it('links each code to the section of its family page, the service violation codes to the components page', () => {
    expect(codePageUrl('plan.receiver-in-use')).toBe(`${PAGES}/plan.md#planreceiver-in-use`);
    expect(codePageUrl('VALUE_NOT_ALLOWED')).toBe(`${PAGES}/component.md#value_not_allowed`);
    expect(codeMarkdown('plan.receiver-in-use')).toBe(
      `[\`plan.receiver-in-use\`](${PAGES}/plan.md#planreceiver-in-use)`,
    );
  });

  it("keeps a code the service made up inside its table cell and out of the link's address", () => {
    // A violation code is the service's own: whatever it holds, the cell stays one cell, the address one address.
    expect(codeMarkdown('NEW|CODE)](x')).toBe(
      `[${inlineCode('NEW|CODE)](x')}](${PAGES}/component.md#newcodex)`,
    );
  });

  it('leaves a line without a code (about the reporting itself) without a link', () => {
    expect(codeMarkdown('')).toBe(inlineCode(''));
    expect(
      messageWithCode(
        '4 more findings',
        '',
        100,
        (t) => t,
        (t) => t.length,
      ),
    ).toBe('4 more findings');
  });
});
