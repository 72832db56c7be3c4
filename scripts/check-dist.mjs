// Fails when the committed dist/ is not what the sources build: a JavaScript action runs dist/, not src/.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath ?? entry.path, entry.name)));
  }
  return out.sort();
}

const fresh = await mkdtemp(join(tmpdir(), 'check-dist-'));
try {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', fresh], { stdio: 'inherit' });
  const [committed, built] = await Promise.all([listFiles('dist').catch(() => []), listFiles(fresh)]);
  const problems = [];
  for (const file of new Set([...committed, ...built])) {
    if (!committed.includes(file)) problems.push(`missing from dist/: ${file}`);
    else if (!built.includes(file)) problems.push(`stale in dist/: ${file}`);
    else {
      const [a, b] = await Promise.all([readFile(join('dist', file)), readFile(join(fresh, file))]);
      if (!a.equals(b)) problems.push(`differs: dist/${file}`);
    }
  }
  if (problems.length > 0) {
    console.error(
      `dist/ does not match a fresh build (run 'npm run build' and commit dist/):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`dist/ matches a fresh build (${built.length} files).`);
} finally {
  await rm(fresh, { recursive: true, force: true });
}
