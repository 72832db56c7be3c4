import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpText } from '../../../src/cli/help.js';
import { CODE_PAGES_URL } from '../../../src/core/published.js';
import { inRepository } from '../../helpers/repository.js';

describe('--help', () => {
  it('says where the pages of the codes are, for the commands that report findings on documents', () => {
    expect(CODE_PAGES_URL).toBe(
      'https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/README.md',
    );
    // The page the address names is in the repository (and, under docs/reference/codes, in the package).
    expect(existsSync(inRepository('docs', 'reference', 'codes', 'README.md'))).toBe(true);
    for (const text of [
      helpText(null),
      helpText('validate'),
      helpText('plan'),
      helpText('apply'),
      helpText('import'),
    ]) {
      expect(text).toContain(`each code's page says what it means and how to fix it:\n${CODE_PAGES_URL}\n`);
    }
    // A command that reports no finding on documents says nothing about them.
    expect(helpText('sandbox')).not.toContain(CODE_PAGES_URL);
  });
});
