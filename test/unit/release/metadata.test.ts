import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCUMENT_KINDS } from '../../../src/documents/types.js';

const root = join(import.meta.dirname, '..', '..', '..');
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('action.yml, as the Marketplace reads it', () => {
  it('has a name, a description under 125 characters, a real author and branding', () => {
    expect(action.name).toBe('platform-gitops');
    expect(action.description.length).toBeLessThan(125);
    expect(action.author).toBe('platform-gitops contributors');
    expect(action.branding).toEqual({ icon: expect.any(String), color: expect.any(String) });
    expect(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']).toContain(
      action.branding.color,
    );
  });

  it('names every document kind where the paths input says which files are validated', () => {
    const description = action.inputs.paths.description.replace(/\s+/g, ' ');
    for (const kind of DOCUMENT_KINDS) expect(description).toContain(kind);
  });

  it('runs the bundle on node24', () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js' });
  });
});

describe('package.json, as npm publishes it', () => {
  it('is publishable, with a bin in the files it ships and no runtime dependency to install', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ 'platform-gitops': 'dist/cli.js' });
    expect(manifest.files).toEqual(
      expect.arrayContaining(['dist', 'action.yml', 'schemas', 'fixtures/sandbox', 'fixtures/example']),
    );
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.engines.node).toMatch(/^>=20\./);
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} platform-gitops contributors/,
    );
  });
});

describe('the repository, as a clone holds it', () => {
  it("ignores npm pack's tarball, made where the command runs", () => {
    const tarball = `${manifest.name}-${manifest.version}.tgz`;
    const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', tarball], { cwd: root });
    expect(ignored.status, `${tarball} is ignored by .gitignore`).toBe(0);
  });

  it('says where releases are in CHANGELOG.md only in words true before the first release and after', () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const releases = changelog.match(/^## \d+\.\d+\.\d+/gm) ?? [];
    if (releases.length === 0) expect(changelog).not.toMatch(/listed above/);
    expect(changelog).toContain('Each release gets a section `## <version>` at the top of this file');
  });
});
