/**
 * The project's address is package.json's `repository` and nothing else (docs/decisions/action-address.md):
 * every place a reader copies it from (the README's commands, the workflows in the docs, the release notes)
 * names that one repository, so publishing under another owner is one field plus the lines this test lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY } from '../../../src/core/published.js';
import { inRepository } from '../../helpers/repository.js';

/** `owner/platform-gitops` where a reader would copy it: a URL, `npx github:…`, a workflow's `uses:`. */
const ADDRESS = /(?:github\.com\/|githubusercontent\.com\/|github:|uses:\s+)([\w.-]+\/platform-gitops)\b/g;

function documents(): string[] {
  const docs = readdirSync(inRepository('docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', 'CHANGELOG.md', 'action.yml', ...docs];
}

describe("the project's address", () => {
  it('is the repository package.json names, in every document a reader copies it from', () => {
    const elsewhere: string[] = [];
    let found = 0;
    for (const file of documents()) {
      const lines = readFileSync(inRepository(file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const match of line.matchAll(ADDRESS)) {
          found += 1;
          if (match[1] !== REPOSITORY) elsewhere.push(`${file}:${i + 1}: ${match[1]}`);
        }
      });
    }
    expect(elsewhere).toEqual([]);
    // The README's quick start alone names it several times: a pattern that finds nothing proves nothing.
    expect(found).toBeGreaterThan(10);
  });
});
