// Writes the README's inputs and outputs tables from action.yml, between the markers below.
// `--check` fails (exit 1) when the README is not what this script would write: CI runs it so the tables
// never drift from the action's real contract.
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'yaml';

const START = '<!-- action-docs:start (generated from action.yml by scripts/generate-docs.mjs) -->';
const END = '<!-- action-docs:end -->';

function cell(text) {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
}

function tables(action) {
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, spec]) =>
      `| \`${name}\` | ${cell(spec.description)} | ${spec.default === undefined || spec.default === '' ? '' : `\`${cell(spec.default)}\``} |`,
  );
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`,
  );
  return [
    START,
    '### Inputs',
    '',
    '| input | description | default |',
    '| --- | --- | --- |',
    ...inputs,
    '',
    '### Outputs',
    '',
    '| output | description |',
    '| --- | --- |',
    ...outputs,
    END,
  ].join('\n');
}

const check = process.argv.includes('--check');
const action = parse(await readFile('action.yml', 'utf8'));
const readme = await readFile('README.md', 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start === -1 || end === -1 || end < start) {
  console.error(`README.md has no generated section: add the two lines\n${START}\n${END}`);
  process.exit(1);
}
const next = readme.slice(0, start) + tables(action) + readme.slice(end + END.length);
if (check) {
  if (next !== readme) {
    console.error("README.md's inputs/outputs tables differ from action.yml: run 'npm run docs' and commit.");
    process.exit(1);
  }
  console.log('README.md inputs/outputs tables match action.yml.');
} else if (next !== readme) {
  await writeFile('README.md', next);
  console.log('README.md tables updated from action.yml.');
}
