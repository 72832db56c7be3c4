/**
 * The output boundary (core/printable.ts, docs/decisions/output-boundary.md): whatever a rule's name, a
 * file's path, a value, a finding's message or an error holds, nothing the tool prints can start a
 * workflow command (`::` at a line's start after anything the runner trims, `##[` anywhere) and no raw
 * control character passes. Each output path is taken as its face takes it: the command line's writers in
 * the text, JSON and `github` forms and its progress lines, the action's log (annotations, lines, the
 * failure), the job summary file, and the Checks run, comment and drift issue as GitHub received them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendJobSummary } from '../../../src/action/job-summary.js';
import { actionOutcome } from '../../../src/action/main-step-result.js';
import * as log from '../../../src/action/step-log.js';
import { cliOutput } from '../../../src/cli/output.js';
import { renderReportParts } from '../../../src/cli/render.js';
import { diagnostic } from '../../../src/core/diagnostic.js';
import { safeCommand, safeLine, safeOutput } from '../../../src/core/printable.js';
import { Redactor } from '../../../src/core/redact.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { publishToGitHub } from '../../../src/github/publish.js';
import { countRun } from '../../../src/report/run-counts.js';
import type { RunReport } from '../../../src/run/reports.js';
import { catchOutput } from '../../helpers/caught-output.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { FORGED_FRAGMENTS, RAW_CONTROL, runnerCommands } from '../../helpers/runner-reads.js';
import { change, plan, report, result } from '../report/report-factory.js';

/** Text a document, the service or an error could carry: forged commands and controls among any characters. */
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...FORGED_FRAGMENTS), fc.string({ unit: 'binary', maxLength: 12 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const COMMANDS = ['plan', 'apply', 'drift', 'validate'] as const;

/** A run whose every name, path, value, message and error is one of `texts` (reused in turn). */
function runWith(command: (typeof COMMANDS)[number], texts: readonly string[]): RunReport {
  const t = (i: number) => texts[i % texts.length]!;
  const at = { line: 2, column: 3, endLine: 2, endColumn: 9 };
  const changes = [
    { ...change(1, 'create'), name: t(0), file: t(1) },
    {
      ...change(2, 'update'),
      name: t(2),
      diff: [
        { path: 'description', before: t(3), after: `${t(4)}\n${t(5)}` },
        { path: t(6), before: 1, after: t(7) },
      ],
    },
    { ...change(3, 'delete'), name: t(8) },
  ];
  return report({
    command,
    plan: command === 'validate' ? null : plan(changes),
    diagnostics: [
      diagnostic('error', t(1), at, 'test.error', t(9)),
      { ...diagnostic('warning', t(10), at, 'test.warning', t(11)), title: t(12) },
      diagnostic('notice', '', at, 'test.notice', t(13)),
    ],
    results:
      command === 'apply'
        ? [
            { ...result(1, false), change: changes[0]!, error: t(14) },
            { ...result(2), change: changes[1]! },
          ]
        : [],
    skipped: [t(15)],
  });
}

/** What a face printed on one path, for the runner to read. */
interface Printed {
  readonly path: string;
  readonly text: string;
}

function cliPaths(r: RunReport, texts: readonly string[]): Printed[] {
  return (['text', 'json', 'github'] as const).flatMap((format) =>
    [false, true].map((color) => {
      let stdout = '';
      let stderr = '';
      const out = cliOutput({ stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) }, { color });
      const redactor = new Redactor();
      const rendered = renderReportParts(r, { format, color, redactor, policy: {} });
      // The apply's progress lines, as apply/apply-admitted.ts writes them.
      for (const text of texts) out.progress(`create ${text} (r-1): failed: ${text}`);
      out.commands(rendered.commands);
      out.stdout(rendered.text);
      out.stderr(`platform-gitops: ${texts.join(' ')}\n`);
      return { path: `cli --format ${format}${color ? ' with colour' : ''}`, text: stdout + stderr };
    }),
  );
}

function actionLog(r: RunReport, texts: readonly string[], summaryFile: string): Printed[] {
  const outcome = actionOutcome(
    r,
    { failOn: 'warning' },
    { checkRunPublished: false, checkRunUrl: null, links: null, notes: texts, planJsonPath: '/tmp/p.json' },
    new Redactor(),
  );
  const output = catchOutput();
  const exitCode = process.exitCode;
  try {
    log.info(texts.join('\n'));
    for (const text of texts) log.infoLine(text);
    log.warning(texts[0]!);
    log.notice(texts[0]!);
    log.group(texts[0]!);
    log.endGroup();
    log.commands(outcome.annotations);
    log.fail(outcome.failure ?? texts.join('\n'));
  } finally {
    output.release();
    process.exitCode = exitCode;
  }
  writeFileSync(summaryFile, '');
  appendJobSummary(summaryFile, outcome.summary);
  return [
    { path: "the action's stdout", text: output.stdout() + output.stderr() },
    { path: 'the job summary', text: readFileSync(summaryFile, 'utf8') },
  ];
}

let publishes = 0;

async function gitHubPaths(github: FakeGitHub, r: RunReport): Promise<Printed[]> {
  publishes += 1;
  const pullRequest = github.addPullRequest();
  const client = createGitHubClient(github.token, { baseUrl: github.url });
  const switches = { checks: true, comment: true, driftIssue: true, driftLabel: 'drift' };
  const target = {
    owner: 'acme',
    repo: 'gitops',
    workflow: 'gitops',
    paths: ['.'],
    checkSha: publishes.toString(16).padStart(40, 'b'),
    pullRequest,
    runUrl: null,
  };
  await publishToGitHub(client, r, countRun(r), 'failure', target, switches, new Redactor());
  const check = github.checkRuns.at(-1)!;
  const printed: Printed[] = [
    {
      path: 'the Checks run',
      text: [check.output.title, check.output.summary, check.output.text].join('\n'),
    },
    // Texts only: an annotation's path is the repository's address of the file, not text to show.
    {
      path: 'the Checks run annotations',
      text: check.output.annotations.map((a) => `${a.title}\n${a.message}`).join('\n'),
    },
  ];
  const comment = github.comments.find((c) => c.issue_number === pullRequest);
  if (comment) printed.push({ path: 'the comment', text: comment.body });
  if (r.command === 'drift') {
    const issue = github.issues.find((i) => i.pull_request === undefined);
    printed.push({ path: 'the drift issue', text: `${issue?.title}\n${issue?.body}` });
  }
  return printed;
}

/** The commands the runner reads in `hostile`, by name, are those it reads in the same output of plain text. */
function expectNoForgedCommand(hostile: Printed, plain: Printed): void {
  const names = (p: Printed) =>
    runnerCommands(p.text)
      .map((c) => `${c.form}${c.name}`)
      .sort();
  expect(names(hostile), `${hostile.path}: ${JSON.stringify(runnerCommands(hostile.text))}`).toEqual(
    names(plain),
  );
  expect(runnerCommands(hostile.text).filter((c) => c.form === '##[')).toEqual([]);
  const withoutColour = hostile.path.endsWith('colour')
    ? hostile.text.replace(/\u001b\[[0-9;]*m/g, '')
    : hostile.text;
  expect(RAW_CONTROL.exec(withoutColour), `${hostile.path} holds a raw control character`).toBeNull();
}

describe('no output path lets text start a workflow command', () => {
  let github: FakeGitHub;
  let dir: string;
  beforeAll(async () => {
    github = await startFakeGitHub();
    dir = mkdtempSync(join(tmpdir(), 'output-boundary-'));
  });
  afterAll(async () => {
    await github.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const texts = fc.array(hostileText, { minLength: 1, maxLength: 16 });

  test.prop([fc.constantFrom(...COMMANDS), texts], { numRuns: 60 })(
    'the command line in every format, and the action log and job summary',
    (command, hostile) => {
      const plainTexts = hostile.map(() => 'x');
      const summary = join(dir, 'summary.md');
      const printed = [
        ...cliPaths(runWith(command, hostile), hostile),
        ...actionLog(runWith(command, hostile), hostile, summary),
      ];
      const plain = [
        ...cliPaths(runWith(command, plainTexts), plainTexts),
        ...actionLog(runWith(command, plainTexts), plainTexts, summary),
      ];
      for (const [i, p] of printed.entries()) expectNoForgedCommand(p, plain[i]!);
    },
  );

  test.prop([fc.constantFrom(...COMMANDS), texts], { numRuns: 15 })(
    'the Checks run, the comment and the drift issue as GitHub received them',
    async (command, hostile) => {
      const printed = await gitHubPaths(github, runWith(command, hostile));
      const plain = await gitHubPaths(
        github,
        runWith(
          command,
          hostile.map(() => 'x'),
        ),
      );
      expect(printed.map((p) => p.path)).toEqual(plain.map((p) => p.path));
      for (const [i, p] of printed.entries()) expectNoForgedCommand(p, plain[i]!);
    },
  );
});

describe('each forged form, in a rule name at the start of a line', () => {
  it.each([
    ['::stop-commands::', '::stop-commands::resume'],
    ['::warning file=', '::warning file=evil.yaml,line=1::forged'],
    ['::add-mask::', '::add-mask::qov_x'],
    ['::set-output', '::set-output name=changes::99'],
    ['::add-path', '::add-path::/tmp/evil'],
    ['::save-state', '::save-state name=clusters::[]'],
    ['##[command]', '##[command]forged'],
    ['##[error] mid-line', 'rule ##[error]forged'],
    ['after \\r', 'rule\r::error::forged'],
    ['after \\r\\n', 'rule\r\n##[warning]forged'],
    ['after tabs', '\t\t::error::forged'],
    ['after an ANSI escape', '\u001b[0m::error::forged'],
    ['after no-break and ideographic spaces', '\u00a0\u3000::error::forged'],
    ['after a next-line character', '\u0085::error::forged'],
    ['after a line separator', 'x\u2028::error::forged'],
  ])('%s', (_form, name) => {
    for (const color of [false, true]) {
      const once = safeOutput(`${name}\n${name}: done`, { color });
      expect(runnerCommands(once)).toEqual([]);
      // Colours pass only where the run asked for them.
      expect(RAW_CONTROL.test(color ? once.replace(/\u001b\[[0-9;]*m/g, '') : once)).toBe(false);
      expect(runnerCommands(safeLine(name, { color }))).toEqual([]);
      // A second pass changes nothing: text made safe once may cross another boundary.
      expect(safeOutput(once, { color })).toBe(once);
    }
  });

  it('a JSON document passes with the same value', () => {
    const value = { name: '##[command]x', lines: '::error::a\r\n\u0085::b\u2028', bidi: '\u202e' };
    const safe = safeOutput(JSON.stringify(value, null, 2));
    expect(runnerCommands(safe)).toEqual([]);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('our own commands pass as commands, with what they carry made safe', () => {
    expect(safeCommand('::error file=a.yaml,line=1::bad ##[command]x\r')).toBe(
      '::error file=a.yaml,line=1::bad #\\u0023[command]x\\u000d',
    );
    expect(safeCommand('::add-mask::qov_secret')).toBe('::add-mask::qov_secret');
    expect(safeCommand('not a command')).toBe('not a command');
  });
});
