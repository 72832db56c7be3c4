/**
 * Every relative link of the README and of docs/ opens: its file exists, and an anchor into a Markdown page
 * names one of that page's headings (as GitHub makes anchors of them). Pages move as the documentation
 * grows; a link left pointing at the old place fails here, not on a reader.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inRepository, REPOSITORY_ROOT } from '../../helpers/repository.js';

function pages(): string[] {
  const docs = readdirSync(inRepository('docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs];
}

/** GitHub's anchor of a heading: lower case, spaces to hyphens, punctuation other than - and _ dropped. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_ -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  const withoutCode = text.replace(/^(```|````)[\s\S]*?^\1/gm, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutCode.matchAll(/^#{1,6} (.*)$/gm)) {
    const base = anchor(m[1]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a page outside code blocks: `[text](target)`. */
function linksOf(text: string): string[] {
  const withoutCode = text.replace(/^(```|````)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target));
}

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages()) {
      const text = readFileSync(inRepository(page), 'utf8');
      for (const link of linksOf(text)) {
        checked += 1;
        const [path, hash] = link.split('#') as [string, string | undefined];
        const target = path === '' ? inRepository(page) : join(dirname(inRepository(page)), decodeURI(path));
        if (!existsSync(target)) {
          broken.push(`${page}: ${link} (no ${relative(REPOSITORY_ROOT, target)})`);
        } else if (hash && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(hash)) {
          broken.push(`${page}: ${link} (no heading #${hash})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
