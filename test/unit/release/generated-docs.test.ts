/**
 * The reference pages are generated from their sources (scripts/generate-docs.mjs) and CI runs the script
 * with --check (`npm run check-docs` in .ci/run): a page that is not what its source gives fails it. Here
 * the check runs on a copy of the pages, as they are and with one made stale, and on the repository's own.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRepository } from '../../helpers/repository.js';

const PAGES = [
  'docs/reference/action.md',
  'docs/reference/cli.md',
  'docs/reference/documents.md',
  'docs/reference/json-output.md',
  'docs/reference/codes/README.md',
  'docs/decisions/README.md',
];

function check(out?: string) {
  const args = [inRepository('scripts', 'generate-docs.mjs'), '--check', ...(out ? ['--out', out] : [])];
  return spawnSync(process.execPath, args, { encoding: 'utf8', cwd: tmpdir() });
}

describe('the generated reference pages', () => {
  let copy: string;
  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'generated-docs-'));
    for (const page of PAGES) await cp(inRepository(page), join(copy, page), { recursive: true });
  });
  afterAll(async () => rm(copy, { recursive: true, force: true }));

  it('are what their sources give, in the repository', () => {
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`The reference pages match their sources (${PAGES.length} pages).`);
    expect(run.status).toBe(0);
    // Each check bundles the sources and reads them: seconds each on a busy machine.
  }, 90_000);

  it('fail the check when one is stale, naming it', async () => {
    expect(check(copy).status).toBe(0);
    // An input of action.yml whose page still shows an older description.
    const page = join(copy, 'docs/reference/action.md');
    const text = await readFile(page, 'utf8');
    await writeFile(page, text.replace('Lowest severity that fails the step', 'Lowest severity that fails'));
    const run = check(copy);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "Not what their sources give: docs/reference/action.md. Run 'npm run docs' and commit.",
    );
    // A page missing altogether is stale too.
    await rm(join(copy, 'docs/reference/json-output.md'));
    expect(check(copy).stderr).toContain('docs/reference/action.md, docs/reference/json-output.md');
  }, 90_000);
});
