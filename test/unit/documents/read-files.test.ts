import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { loadDocuments, MAX_FILE_BYTES, readSourceFiles } from '../../../src/documents/index.js';
import { VALID_RULE } from './helpers.js';

let base: string;
let root: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'documents-'));
  root = join(base, 'repo');
  await mkdir(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function put(path: string, text = 'kind: AlertRule\n'): Promise<void> {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), text);
}

const paths = (result: { files: readonly { path: string }[] }) => result.files.map((f) => f.path);

describe('readSourceFiles', () => {
  it('reads directories recursively: .yaml and .yml only, sorted, repository-relative with /', async () => {
    await put('alerting/z.yaml');
    await put('alerting/a.yml');
    await put('alerting/nested/deep/rules.YAML');
    await put('alerting/notes.md');
    await put('components/prod/karpenter.yaml');
    const result = await readSourceFiles(root, ['alerting', 'components']);
    expect(paths(result)).toEqual([
      'alerting/a.yml',
      'alerting/nested/deep/rules.YAML',
      'alerting/z.yaml',
      'components/prod/karpenter.yaml',
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(new TextDecoder().decode(result.files[0]?.bytes)).toBe('kind: AlertRule\n');
  });

  it('skips hidden directories and node_modules while searching, but reads what is named', async () => {
    await put('.github/workflows/ci.yaml');
    await put('node_modules/pkg/x.yaml');
    await put('rules.yaml');
    expect(paths(await readSourceFiles(root, ['.']))).toEqual(['rules.yaml']);
    expect(paths(await readSourceFiles(root, ['.github/workflows']))).toEqual(['.github/workflows/ci.yaml']);
  });

  it('de-duplicates a file named twice, directly and through its directory, and accepts absolute paths', async () => {
    await put('alerting/a.yaml');
    const result = await readSourceFiles(root, [
      'alerting/a.yaml',
      'alerting',
      join(root, 'alerting', 'a.yaml'),
    ]);
    expect(paths(result)).toEqual(['alerting/a.yaml']);
  });

  it('a file named explicitly that is not .yaml/.yml gets one finding, unread', async () => {
    await put('README.md', `# Title\n${'text '.repeat(5000)}\n: [\n`);
    const result = await readSourceFiles(root, ['README.md']);
    expect(result.files).toEqual([]);
    expect(result.diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([
      [
        'README.md',
        'file.not-yaml',
        'not a YAML file: README.md (documents are .yaml or .yml files; name a directory to search it)',
      ],
    ]);
  });

  it('a missing path is an error naming it', async () => {
    const result = await readSourceFiles(root, ['alerting/missing.yaml']);
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'file.not-found',
        file: '',
        message: 'path not found: alerting/missing.yaml',
      }),
    ]);
  });

  it('a path outside the repository is refused', async () => {
    await writeFile(join(base, 'secret.yaml'), 'token: x\n');
    const result = await readSourceFiles(root, ['../secret.yaml']);
    expect(result.files).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'file.outside-root',
        `path is outside the repository: ../secret.yaml (the repository is ${root}; run from the repository or pass --root)`,
      ],
    ]);
  });

  it('a repository root of / holds every path (a container whose working directory is /)', async () => {
    await put('alerting/rule.yaml');
    const rel = join(root, 'alerting', 'rule.yaml').slice(1);
    const result = await readSourceFiles('/', [rel]);
    expect(result.diagnostics).toEqual([]);
    expect(paths(result)).toEqual([rel]);
  });

  it('refuses a file over 1 MiB with its size, unread', async () => {
    await put('big.yaml', `kind: AlertRule\n# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    await put('big-other.yaml', `kind: ConfigMap\n# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    await put('small.yaml');
    const result = await readSourceFiles(root, ['.']);
    expect(paths(result)).toEqual(['small.yaml']);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        file: 'big.yaml',
        line: 1,
        column: 1,
        code: 'file.too-large',
        message: 'file is 1.0 MiB (1,048,595 bytes), over the 1 MiB (1,048,576 bytes) limit: refused',
      }),
    ]);
    expect(result.skipped).toEqual(['big-other.yaml']);
  });

  it('accepts a file of exactly 1 MiB', async () => {
    await put('edge.yaml', `#${'x'.repeat(MAX_FILE_BYTES - 2)}\n`);
    const result = await readSourceFiles(root, ['edge.yaml']);
    expect(result.diagnostics).toEqual([]);
    expect(result.files[0]?.bytes.byteLength).toBe(MAX_FILE_BYTES);
  });

  it('refuses symlinks (file or directory) that resolve outside the repository', async () => {
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'passwd.yaml'), 'root: x\n');
    await put('alerting/ok.yaml');
    await symlink(join(base, 'outside', 'passwd.yaml'), join(root, 'alerting', 'leak.yaml'));
    await symlink(join(base, 'outside'), join(root, 'alerting', 'leakdir'));
    const result = await readSourceFiles(root, ['alerting', 'alerting/leakdir/passwd.yaml']);
    expect(paths(result)).toEqual(['alerting/ok.yaml']);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['alerting/leak.yaml', 'file.symlink-outside-root'],
      ['alerting/leakdir', 'file.symlink-outside-root'],
      ['alerting/leakdir/passwd.yaml', 'file.symlink-outside-root'],
    ]);
    expect(result.diagnostics[0]?.message).toContain('outside the repository');
  });

  it('follows symlinks that stay inside, and survives a symlink loop', async () => {
    await put('shared/common.yaml');
    await mkdir(join(root, 'alerting'));
    await symlink(join(root, 'shared', 'common.yaml'), join(root, 'alerting', 'common.yaml'));
    await symlink(join(root, 'alerting'), join(root, 'alerting', 'loop'));
    const result = await readSourceFiles(root, ['alerting']);
    expect(paths(result)).toEqual(['alerting/common.yaml']);
    expect(result.diagnostics).toEqual([]);
  });

  it('a broken symlink is reported, not thrown', async () => {
    await put('ok.yaml');
    await symlink(join(root, 'gone.yaml'), join(root, 'dangling.yaml'));
    const result = await readSourceFiles(root, ['.']);
    expect(paths(result)).toEqual(['ok.yaml']);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([['dangling.yaml', 'file.not-found']]);
  });

  it('ignores a broken symlink whose name is not a YAML file, and reads hidden files in searched directories', async () => {
    await put('alerting/.team.yaml');
    await symlink(join(root, 'nowhere'), join(root, 'alerting', 'README'));
    const result = await readSourceFiles(root, ['alerting']);
    expect(paths(result)).toEqual(['alerting/.team.yaml']);
    expect(result.diagnostics).toEqual([]);
  });

  // Root reads every file whatever its mode, so the case only exists for other users.
  it.skipIf(process.getuid?.() === 0)('a file that cannot be read is a finding', async () => {
    await put('locked.yaml');
    await chmod(join(root, 'locked.yaml'), 0o000);
    const result = await readSourceFiles(root, ['.']);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([['locked.yaml', 'file.unreadable']]);
  });

  it('a missing root is the user’s mistake', async () => {
    await expect(readSourceFiles(join(base, 'nope'), ['.'])).rejects.toBeInstanceOf(UsageError);
  });

  it('reads many files with bounded parallelism and keeps their order', async () => {
    for (let i = 0; i < 60; i++)
      await put(`many/rule-${String(i).padStart(2, '0')}.yaml`, `kind: AlertRule # ${i}\n`);
    const result = await readSourceFiles(root, ['many']);
    expect(paths(result)).toHaveLength(60);
    expect(new TextDecoder().decode(result.files[42]?.bytes)).toBe('kind: AlertRule # 42\n');
  });
});

describe('discovery in directories', () => {
  it('validates the files with a kind of ours or near one, skips and lists the others', async () => {
    await put('alerting/rules.yaml', VALID_RULE);
    await put('alerting/typo.yaml', 'kind: AlertRul\nname: x\n');
    await put('alerting/flow.yaml', '{"kind": "PlatformComponent"}\n');
    await put('alerting/broken.yaml', 'kind: AlertRule\nname: [unclosed\n');
    await put('docker-compose.yml', 'services:\n  web:\n    image: nginx\n');
    await put('k8s/deploy.yaml', 'apiVersion: apps/v1\nkind: Deployment\n---\nkind: Service\n');
    await put('k8s/nested.yaml', 'items:\n  - kind: AlertRule\n');
    const result = await loadDocuments(root, ['.']);
    expect(result.files).toEqual([
      'alerting/broken.yaml',
      'alerting/flow.yaml',
      'alerting/rules.yaml',
      'alerting/typo.yaml',
    ]);
    expect(result.skippedFiles).toEqual(['docker-compose.yml', 'k8s/deploy.yaml', 'k8s/nested.yaml']);
    const notices = result.diagnostics.filter((d) => d.severity === 'notice');
    expect(notices.map((d) => [d.code, d.message])).toEqual([
      ['discovery.skipped', 'skipped 3 YAML files that hold no platform-gitops documents'],
    ]);
    expect(result.diagnostics.map((d) => `${d.file} ${d.code}`)).toContain(
      'alerting/typo.yaml document.kind-unknown',
    );
  });

  it('validates a kind key in another case, and an empty or unknown kind beside the fields of ours', async () => {
    await put('alerting/capital.yaml', `${VALID_RULE.replace('kind: AlertRule', 'Kind: AlertRule')}`);
    await put('alerting/shout.yaml', '  KIND: AlertReceiver\n');
    await put('alerting/empty-kind.yaml', "kind: ''\nname: x\ncondition: {kind: CUSTOM, promql: up}\n");
    await put('alerting/other-kind.yaml', 'kind: Alert\nname: x\ntype: slack\n');
    await put('alerting/indented.yaml', '- x\n---\n"Kind": ""\nfor_duration: PT5M\n');
    await put('alerting/number-key.yaml', "1: x\n? [a]\n: b\nkind: ''\nseverity: HIGH\n");
    // Someone else's: a manifest with an apiVersion, a kind no one of ours has beside generic fields.
    await put('k8s/secret.yaml', 'apiVersion: v1\nkind: Secret\ntype: Opaque\ntarget: x\n');
    await put('other/config.yaml', "kind: ''\nname: x\ntype: Opaque\n");
    const result = await loadDocuments(root, ['.']);
    expect(result.files).toEqual([
      'alerting/capital.yaml',
      'alerting/empty-kind.yaml',
      'alerting/indented.yaml',
      'alerting/number-key.yaml',
      'alerting/other-kind.yaml',
      'alerting/shout.yaml',
    ]);
    expect(result.skippedFiles).toEqual(['k8s/secret.yaml', 'other/config.yaml']);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ['alerting/capital.yaml', 1, 1, 'document.kind-missing'],
      ['alerting/empty-kind.yaml', 1, 7, 'document.kind-unknown'],
      ['alerting/indented.yaml', 1, 1, 'document.not-mapping'],
      ['alerting/indented.yaml', 3, 1, 'document.kind-missing'],
      ['alerting/number-key.yaml', 2, 3, 'document.key-not-a-name'],
      ['alerting/other-kind.yaml', 1, 7, 'document.kind-unknown'],
      ['alerting/shout.yaml', 1, 3, 'document.kind-missing'],
    ]);
    expect(errors[0]!.message).toBe(
      'missing `kind`: `Kind` is not `kind` (field names are case-sensitive); write `kind:` in lower case, one of AlertRule, AlertReceiver, PlatformComponent, ServiceLevelObjective',
    );
  });

  it('validates a file that held documents at the base revision, whatever it holds now', async () => {
    await put('alerting/was-a-rule.yaml', 'apiVersion: v1\nkind: ConfigMap\n');
    await put('alerting/no-kind.yaml', 'name: x\n');
    const skipped = await loadDocuments(root, ['.'], { allowEmpty: true });
    expect(skipped.skippedFiles).toEqual(['alerting/no-kind.yaml', 'alerting/was-a-rule.yaml']);
    const held = new Set(['alerting/was-a-rule.yaml', 'alerting/no-kind.yaml']);
    await put('alerting/big.yaml', `apiVersion: v1\nkind: ConfigMap\n# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    held.add('alerting/big.yaml');
    const result = await loadDocuments(root, ['.'], { held });
    expect(result.skippedFiles).toEqual([]);
    expect(result.diagnostics.map((d) => [d.file, d.line, d.code])).toEqual([
      ['alerting/big.yaml', 1, 'file.too-large'],
      ['alerting/no-kind.yaml', 1, 'document.kind-missing'],
      ['alerting/was-a-rule.yaml', 2, 'document.kind-unknown'],
    ]);
  });

  it('a file named explicitly is validated whatever it holds', async () => {
    await put('docker-compose.yml', 'services: {}\n');
    const result = await loadDocuments(root, ['docker-compose.yml']);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['docker-compose.yml', 'document.kind-missing'],
    ]);
    expect(result.skippedFiles).toEqual([]);
  });

  it('no document under the paths is an error naming them, unless allowed', async () => {
    await put('k8s/deploy.yaml', 'kind: Deployment\n');
    await mkdir(join(root, 'empty'));
    const result = await loadDocuments(root, ['k8s', 'empty']);
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      [
        'error',
        'discovery.no-documents',
        "no documents found under k8s, empty; 1 YAML file there holds other kinds (--allow-empty, or the action's allow-empty input, accepts a run with none)",
      ],
      ['notice', 'discovery.skipped', 'skipped 1 YAML file that holds no platform-gitops documents'],
    ]);
    const allowed = await loadDocuments(root, ['empty'], { allowEmpty: true });
    expect(allowed.diagnostics).toEqual([]);
  });

  it('reports a file it cannot read as UTF-8, or whose kind is not a string, rather than skipping it', async () => {
    const rule = 'kind: AlertRule\nseverity: URGENT\n';
    const utf16le = (text: string, mark: boolean) =>
      Buffer.concat([Buffer.from(mark ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    await mkdir(join(root, 'alerting'), { recursive: true });
    await writeFile(join(root, 'alerting/bom16le.yaml'), utf16le(rule, true));
    await writeFile(join(root, 'alerting/bare16le.yaml'), utf16le(rule, false));
    await writeFile(join(root, 'alerting/bare16be.yaml'), utf16be(rule));
    await writeFile(
      join(root, 'alerting/latin1.yaml'),
      Buffer.from('kind: Alert\nname: caf\xe9\n', 'latin1'),
    );
    await writeFile(join(root, 'alerting/nul.yaml'), Buffer.from('name: a\u0000b\n'));
    await put('alerting/kind-map.yaml', 'kind: {}\nname: x\n');
    await put('alerting/kind-list.yaml', 'name: x\nkind: [AlertRule]\n');
    await put('docker-compose.yml', 'services:\n  web:\n    image: nginx\n');
    const result = await loadDocuments(root, ['.']);
    expect(result.skippedFiles).toEqual(['docker-compose.yml']);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ['alerting/bare16be.yaml', 1, 1, 'file.encoding'],
      ['alerting/bare16le.yaml', 1, 1, 'file.encoding'],
      ['alerting/bom16le.yaml', 1, 1, 'file.encoding'],
      ['alerting/kind-list.yaml', 2, 7, 'document.kind-unknown'],
      ['alerting/kind-map.yaml', 1, 7, 'document.kind-unknown'],
      ['alerting/latin1.yaml', 2, 10, 'file.encoding'],
      ['alerting/nul.yaml', 1, 8, 'file.encoding'],
    ]);
    const message = (file: string) => errors.find((d) => d.file === file)?.message;
    expect(message('alerting/bom16le.yaml')).toBe(
      'saved as UTF-16 LE (with a byte order mark), not UTF-8: this tool reads YAML as UTF-8 only, so nothing of ' +
        'this file was checked; save it as UTF-8 (an editor\'s "Save with Encoding", or `iconv -f UTF-16LE -t UTF-8`)',
    );
    expect(message('alerting/bare16be.yaml')).toMatch(/^saved as UTF-16 BE \(without a byte order mark\)/);
    expect(message('alerting/nul.yaml')).toMatch(
      /^a NUL byte \(0x00\) at offset 7: .*save it as UTF-8 text$/,
    );
    expect(message('alerting/kind-map.yaml')).toBe(
      '`kind` is a mapping, not a name: write the kind of the document as text, one of AlertRule, AlertReceiver, PlatformComponent, ServiceLevelObjective',
    );
    expect(message('alerting/kind-list.yaml')).toMatch(/^`kind` is a list, not a name: /);
  });

  it('ignore globs leave matching files and directories unsearched', async () => {
    await put('alerting/rules.yaml', VALID_RULE);
    await put('vendor/x/rules.yaml', 'kind: AlertRule\n');
    await put('alerting/draft.tmpl.yaml', 'kind: AlertRule\n');
    const result = await loadDocuments(root, ['.'], { ignore: ['vendor/**', '**/*.tmpl.yaml'] });
    expect(result.files).toEqual(['alerting/rules.yaml']);
    expect(result.diagnostics).toEqual([]);
  });
});

describe('loadDocuments', () => {
  it('reads and parses together: read findings and document findings in one sorted list', async () => {
    await put('alerting/rules.yaml', VALID_RULE);
    await put('alerting/bad.yaml', 'kind: AlertRul\n');
    const result = await loadDocuments(root, ['alerting', 'missing']);
    expect(result.files).toEqual(['alerting/bad.yaml', 'alerting/rules.yaml']);
    expect(result.documents.map((d) => [d.file, d.value.kind])).toEqual([
      ['alerting/rules.yaml', 'AlertRule'],
    ]);
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['', 'file.not-found'],
      ['alerting/bad.yaml', 'document.kind-unknown'],
    ]);
  });
});
