/**
 * Every command of the README, run as a newcomer runs it: from a fresh clone of this commit in the temporary
 * directory, with that clone's own committed dist/ (not a fresh build), offline. The README's commands name
 * the published repository; here they name the clone: `npx github:acme/platform-gitops X` runs the clone's
 * `node dist/cli.js X`, and `git clone https://github.com/acme/platform-gitops` clones this repository. What
 * needs GitHub itself (`git push`, `gh pr create`) or an editor is named below and not run; `npm ci` and
 * `npm test` are CI's own steps (.ci/run runs the test command the README gives). Any other line the README
 * adds fails this test until it is run here or named.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitSync } from '../helpers/git.js';
import { REPOSITORY_ROOT } from '../helpers/repository.js';

/** Lines not run here, and why. */
const NOT_RUN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\$EDITOR /, 'an editor: the example init writes is valid as it is'],
  [/git push -u origin /, 'needs GitHub: the commit before it is run on its own'],
  [/^gh pr create/, 'needs GitHub'],
  [/^npm ci$/, 'CI installs with it before running the tests'],
  [/^npm (test|run (lint|typecheck|build|docs|bench))\b/, 'CI runs each as its own step'],
];

/** The README's shell commands: each line of its ```sh blocks, without its comment. */
function readmeCommands(readme: string): string[] {
  return [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
    .flatMap((m) => m[1]!.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

describe("the README's commands, from a fresh clone", () => {
  let dir: string;
  let clone: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readme-'));
    clone = join(dir, 'platform-gitops');
    execFileSync('git', ['clone', '--quiet', REPOSITORY_ROOT, clone]);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('each run and succeed, or are named as needing GitHub', async () => {
    const readme = await readFile(join(clone, 'README.md'), 'utf8');
    const commands = readmeCommands(readme);
    expect(commands).toContain('npm test');
    // The repository that will hold the documents: a fresh one, as `init` expects.
    const mine = join(dir, 'my-platform-repo');
    gitSync(dir, 'init', '--quiet', '--initial-branch=main', mine);
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
      NO_COLOR: '1',
    };
    const ran: string[] = [];
    for (const command of commands) {
      const skipped = NOT_RUN.find(([pattern]) => pattern.test(command));
      // `a && git push …`: the part before the push runs.
      const line =
        skipped && command.includes(' && ') ? command.slice(0, command.lastIndexOf(' && ')) : command;
      if (skipped && line === command) continue;
      const shell = line
        .replaceAll('npx github:acme/platform-gitops', `node ${join(clone, 'dist', 'cli.js')}`)
        .replaceAll(
          'git clone https://github.com/acme/platform-gitops',
          `git clone --quiet ${REPOSITORY_ROOT} platform-gitops`,
        );
      // The clone's own commands run in a directory of their own; the others in the user's repository.
      const cwd =
        line.startsWith('git clone') || line.includes(' demo') ? await mkdtemp(join(dir, 'run-')) : mine;
      const run = spawnSync('bash', ['-c', shell], { cwd, env, encoding: 'utf8', timeout: 300_000 });
      expect(run.status, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
      ran.push(line);
    }
    // The demo both ways, init, validate and the commit all ran.
    expect(ran.filter((line) => line.includes('demo'))).toHaveLength(2);
    expect(ran).toContain('npx github:acme/platform-gitops init --dry-run');
    expect(ran).toContain('npx github:acme/platform-gitops validate platform');
    expect(gitSync(mine, 'log', '--format=%s')).toBe('Alert rules as code');
    expect(gitSync(mine, 'branch', '--show-current')).toBe('platform-gitops');
  });
});
