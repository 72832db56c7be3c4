/**
 * Rule names, descriptions and values that carry workflow commands, through the action's main step on a
 * pull request and on a push (in-process, as index.js runs it): the step's log, its job summary, the
 * Checks run and the sticky comment as GitHub received them. Nothing a document says may start a command
 * the runner reads, and the rules are planned and applied under the names the documents give.
 */
import { describe, expect, it } from 'vitest';
import { liveRules } from '../../src/sandbox/index.js';
import { RAW_CONTROL, runnerCommands } from '../helpers/runner-reads.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  pushEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting');

const FORGED = [
  'a\n::add-mask::qov',
  'b\r::set-output name=changes::99',
  'c ##[command]forged',
  'd\n\t::warning file=evil.yaml,line=1::forged',
  'e\n\u001b[0m::stop-commands::resume',
];

/** The rule of api.yaml again, with no id (a create), under `name`, its description a multi-line value. */
function forgedRule(first: string, name: string): string {
  return first
    .replace(/^id: .*\n/m, '')
    .replace(/^name: .*$/m, `name: ${JSON.stringify(name)}`)
    .replace(
      /^description: .*$/m,
      `description: ${JSON.stringify(`line one\n::error::${name}\n##[error]x`)}`,
    );
}

/** Our own commands in the step's log: masks, groups, the annotations of findings and the failure. */
const OWN = /^(add-mask|group|endgroup|error|warning|notice)$/;

function expectNothingForged(where: string, text: string, own: RegExp | null): void {
  const commands = runnerCommands(text);
  expect(
    commands.filter((c) => c.form === '##[' || own === null || !own.test(c.name)),
    where,
  ).toEqual([]);
  expect(
    commands.filter((c) => /forged|resume|changes::99|qov\b/.test(c.line)),
    where,
  ).toEqual([]);
  expect(RAW_CONTROL.exec(text), `${where} holds a raw control character`).toBeNull();
}

describe('the action with rule names that carry workflow commands', () => {
  it('plans them on a pull request, then applies them on the push, printing nothing forged', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (text) => {
      const rule = text.split('\n---\n')[0]!;
      return `${text}\n---\n${FORGED.map((name) => forgedRule(rule, name)).join('\n---\n')}\n`;
    });
    const pr = github().addPullRequest();
    const plan = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head),
      inputs: inputs(),
      sha: head,
      inProcess: true,
    });
    expect(plan.code, plan.stdout).toBe(0);
    expect(Number(plan.outputs.changes)).toBeGreaterThanOrEqual(FORGED.length);
    expectNothingForged('the plan step log', `${plan.stdout}\n${plan.stderr}`, OWN);
    expectNothingForged('the plan job summary', plan.summary, null);
    const check = github().checkRuns.at(-1)!;
    expectNothingForged(
      'the Checks run',
      [check.output.title, check.output.summary, check.output.text].join('\n'),
      null,
    );
    const comment = github().comments.find((c) => c.issue_number === pr)!;
    expectNothingForged('the comment', comment.body, null);

    github().mergePullRequest(pr, head);
    const apply = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, head),
      inputs: inputs(),
      sha: head,
      inProcess: true,
    });
    expect(apply.code, apply.stdout).toBe(0);
    expect(Number(apply.outputs.applied)).toBeGreaterThanOrEqual(FORGED.length);
    expectNothingForged('the apply step log', `${apply.stdout}\n${apply.stderr}`, OWN);
    expectNothingForged('the apply job summary', apply.summary, null);
    const names = liveRules(sandbox().state, sandbox().organizationId).map((rule) => rule.name);
    for (const name of FORGED) expect(names).toContain(name);
  });
});
