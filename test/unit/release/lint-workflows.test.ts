import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { lintWorkflow } from '../../../scripts/lint-workflows.mjs';

interface Problem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly kind: string;
}

const workflow = (concurrency: string, step = 'echo hi') => `name: t
on: push
permissions: {}
concurrency:
${concurrency}
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - run: ${step}
`;

/** A workflow expression: `${{ text }}`. */
const expression = (text: string) => `\${{ ${text} }}`;

const lint = (text: string): Promise<Problem[]> => lintWorkflow(text, 'w.yml');

describe('the workflow lint and syntax newer than its linters', () => {
  it('accepts `queue: max` in a concurrency group that never cancels, at the top and in a job', async () => {
    expect(await lint(workflow('  group: g\n  cancel-in-progress: false\n  queue: max'))).toEqual([]);
    expect(await lint(workflow('  group: g\n  queue: max'))).toEqual([]);
    const inJob = `name: t
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    concurrency:
      group: g
      queue: max
    steps:
      - run: echo hi
`;
    expect(await lint(inJob)).toEqual([]);
  });

  it('refuses another value of `queue`, and `queue` beside cancel-in-progress: true, on its line', async () => {
    expect(await lint(workflow('  group: g\n  queue: 5'))).toEqual([
      {
        file: 'w.yml',
        line: 6,
        column: 3,
        message: '"queue" of "concurrency" must be "max" (the only value GitHub accepts), not 5',
        kind: 'queue',
      },
    ]);
    const cancelling = await lint(workflow('  group: g\n  cancel-in-progress: true\n  queue: max'));
    expect(cancelling.map((p) => [p.line, p.message])).toEqual([
      [7, '"queue: max" needs "cancel-in-progress" false or unset: GitHub queues only runs it never cancels'],
    ]);
  });

  it('still reports every other finding, at its own line, around a `queue` key', async () => {
    const problems = await lint(
      workflow('  group: g\n  queue: max\n  cancel-on: true', `echo ${expression('github.nope')}`),
    );
    expect(problems.map((p) => [p.line, p.kind])).toEqual(
      expect.arrayContaining([
        [7, 'syntax-check'],
        [12, 'expression'],
      ]),
    );
    expect(problems.some((p) => p.message.includes('"queue"'))).toBe(false);
  });

  it('knows the vars context, and still reports a context that does not exist', async () => {
    expect(await lint(workflow('  group: g', `echo ${expression('vars.QOVERY_ORGANIZATION_ID')}`))).toEqual(
      [],
    );
    const unknown = await lint(workflow('  group: g', `echo ${expression('varz.QOVERY_ORGANIZATION_ID')}`));
    expect(unknown.map((p) => [p.line, p.kind])).toEqual([[10, 'expression']]);
    expect(unknown[0]?.message).toContain('undefined variable "varz"');
  });
});
