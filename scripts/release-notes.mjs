// Prints the CHANGELOG section of one version (the GitHub release's notes). Fails when there is none: a
// release without notes means the version was not made by `changeset version`.
// Usage: node scripts/release-notes.mjs [VERSION]   (default: package.json's version)
import { readFile } from 'node:fs/promises';

const version = process.argv[2] ?? JSON.parse(await readFile('package.json', 'utf8')).version;
const changelog = await readFile('CHANGELOG.md', 'utf8');
const lines = changelog.split('\n');
const start = lines.findIndex((line) => line.trim() === `## ${version}`);
if (start === -1) {
  console.error(`CHANGELOG.md has no '## ${version}' section: run 'npm run version-packages' first`);
  process.exit(1);
}
const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
console.log(
  lines
    .slice(start + 1, end === -1 ? undefined : end)
    .join('\n')
    .trim(),
);
