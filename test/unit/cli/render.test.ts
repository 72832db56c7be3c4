import { describe, expect, it } from 'vitest';
import { renderReport, writeReport } from '../../../src/cli/render.js';
import { type Diagnostic, diagnostic } from '../../../src/core/diagnostic.js';
import { Redactor } from '../../../src/core/redact.js';
import { renderJson } from '../../../src/report/json-output.js';
import type { RunReport } from '../../../src/run/reports.js';
import { change, plan, report, result } from '../report/report-factory.js';

function finding(severity: Diagnostic['severity'], line: number): Diagnostic {
  const range = { line, column: 3, endLine: line, endColumn: 9 };
  return diagnostic(severity, 'alerting/api.yaml', range, 'schema.enum', `problem on line ${line}`);
}

function validateReport(diagnostics: Diagnostic[]): RunReport {
  return {
    command: 'validate',
    diagnostics,
    plan: null,
    components: [],
    results: [],
    requests: { total: 0, byOperation: {} },
    durationMs: 5,
    skipped: [],
    clusters: [],
  };
}

function github(report: RunReport, redactor = new Redactor()): string[] {
  return renderReport(report, { format: 'github', color: false, redactor, policy: {} }).trimEnd().split('\n');
}

describe('--format github', () => {
  it('prints each finding as a workflow command, titled in words with its code after the message, and counts them all', () => {
    expect(github(validateReport([finding('error', 4), finding('warning', 7)]))).toEqual([
      '::error file=alerting/api.yaml,line=4,col=3,endColumn=8,title=Value not allowed::problem on line 4 [schema.enum]%0Ahttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/schema.md#schemaenum',
      '::warning file=alerting/api.yaml,line=7,col=3,endColumn=8,title=Value not allowed::problem on line 7 [schema.enum]%0Ahttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/schema.md#schemaenum',
      '1 error, 1 warning',
      '',
      'Failed: 1 error, 1 warning.',
    ]);
  });

  it('says 0 errors on a clean run', () => {
    expect(github(validateReport([]))).toEqual([
      '0 errors, 0 warnings',
      '',
      'Done: the documents are valid.',
    ]);
  });

  it('keeps within the runner’s 10 annotations per level and prints the rest as lines', () => {
    const errors = Array.from({ length: 12 }, (_, i) => finding('error', i + 1));
    const lines = github(validateReport([...errors, finding('warning', 20)]));
    const commands = lines.filter((l) => l.startsWith('::'));
    expect(commands.filter((l) => l.startsWith('::error ')).length).toBe(10);
    expect(commands.filter((l) => l.startsWith('::warning ')).length).toBe(1);
    expect(
      commands.filter((l) => l.startsWith('::notice ')).map((l) => l.replace(/^[^:]*::[^:]*::/, '')),
    ).toEqual([
      '2 more findings in the log below (GitHub shows at most 10 annotations of each level per step).',
    ]);
    expect(lines.slice(commands.length)).toEqual([
      'alerting/api.yaml:11:3: error: problem on line 11 [schema.enum]',
      'alerting/api.yaml:12:3: error: problem on line 12 [schema.enum]',
      '12 errors, 1 warning',
      '',
      'Failed: 12 errors, 1 warning.',
    ]);
  });

  it('hides registered secrets in workflow commands', () => {
    const redactor = new Redactor();
    redactor.add('qov_secret_token_value');
    const leaky = diagnostic(
      'error',
      'a.yaml',
      { line: 1, column: 1, endLine: 1, endColumn: 1 },
      'x',
      'saw qov_secret_token_value',
    );
    expect(github(validateReport([leaky]), redactor).join('\n')).not.toContain('qov_secret_token_value');
  });
});

describe('the requests line', () => {
  const text = (requests: RunReport['requests']) =>
    renderReport(
      { ...validateReport([]), command: 'plan', requests },
      { format: 'text', color: false, redactor: new Redactor(), policy: {} },
    );

  it('never calls attempts that reached nothing requests to the service', () => {
    expect(
      text({ total: 8, byOperation: { getAlertRules: 4, listPlatformTemplates: 4 }, unanswered: 8 }),
    ).toContain(
      '8 attempts to reach the service, none answered (getAlertRules 4, listPlatformTemplates 4); 0.0 s.',
    );
    expect(text({ total: 5, byOperation: { getAlertRules: 5 }, unanswered: 2 })).toContain(
      '3 requests to the service, and 2 attempts it never answered (getAlertRules 5); 0.0 s.',
    );
    expect(text({ total: 1, byOperation: { getAlertRules: 1 } })).toContain(
      '1 request to the service (getAlertRules 1); 0.0 s.',
    );
  });
});

describe('the count of a run that wrote', () => {
  const text = (r: RunReport) =>
    renderReport(r, { format: 'text', color: false, redactor: new Redactor(), policy: {} });

  it('comes with the plan of a drift check that remediated, above what was written, never as what is left', () => {
    const lines = text(report({ command: 'drift', plan: plan([change(2)]), results: [result(2)] })).split(
      '\n',
    );
    const count = lines.indexOf('Drift: 0 to create, 1 to update, 0 to delete to match the documents.');
    expect(count).toBeGreaterThan(-1);
    expect(count).toBeLessThan(lines.findIndex((l) => l.includes('✓ updated rule-2')));
    expect(lines.filter((l) => l.trim() !== '').slice(-2)).toEqual([
      expect.stringMatching(/^2 requests to the service/),
      'Done: the drift was remediated, 1 change written.',
    ]);
  });

  it('ends a drift check that wrote nothing, as the state that is left', () => {
    const lines = text(report({ command: 'drift', plan: plan([change(2)]) }))
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines.slice(-2)).toEqual([
      'Drift: 0 to create, 1 to update, 0 to delete to match the documents.',
      expect.stringMatching(/^Changes pending: /),
    ]);
  });
});

describe('writing the report', () => {
  const writes = (r: RunReport, format: 'json' | 'github', redactor: Redactor) => {
    const stdout: string[] = [];
    const commands: string[] = [];
    writeReport(
      r,
      { format, color: false, redactor, policy: {} },
      {
        stdout: (text) => stdout.push(text),
        commands: (lines) => commands.push(...lines),
      },
    );
    return { stdout, commands };
  };

  it('gives the JSON form of a large plan to stdout in pieces as it is made, redacted, the same text as whole', () => {
    const redactor = new Redactor();
    redactor.add('rule-4242');
    const r = report({ plan: plan(Array.from({ length: 3000 }, (_, i) => change(i))) });
    const { stdout, commands } = writes(r, 'json', redactor);
    expect(commands).toEqual([]);
    // Never the whole text at once: each piece ends at a line end, about 64 Ki characters long.
    expect(stdout.length).toBeGreaterThan(5);
    expect(stdout.filter((piece) => !piece.endsWith('\n') || piece.length > 70_000)).toEqual([]);
    const text = stdout.join('');
    expect(text).toBe(renderJson(r, redactor));
    expect(text).not.toContain('rule-4242');
    expect(JSON.parse(text).changes).toHaveLength(3000);
  });

  it('gives the other forms as their commands, then their text', () => {
    const r = validateReport([finding('error', 4)]);
    const { stdout, commands } = writes(r, 'github', new Redactor());
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/^::error file=alerting\/api.yaml,line=4/);
    expect(stdout.join('')).toBe('1 error, 0 warnings\n\nFailed: 1 error.\n');
  });
});

describe('counts that agree with the lists they count', () => {
  it("counts the errors listed below the plan, the run's own beside the plan's, and never says the pending changes are free of them", () => {
    // One error of the plan (a document) and one of the run (a component): two listed below, two counted.
    const planned = plan([change(1, 'noop')], [finding('error', 3)]);
    const run = report({
      command: 'plan',
      plan: planned,
      diagnostics: [finding('error', 3), finding('error', 9)],
    });
    const text = renderReport(run, { format: 'text', color: false, redactor: new Redactor(), policy: {} });
    expect(text).toContain('Alert rules: no changes for the documents without errors (2 errors below).');
    expect(text).toContain('2 errors, 0 warnings');

    // A pending change beside an error: counted from the pending list, without claiming its document is clean.
    const pending = report({
      command: 'plan',
      plan: plan([change(1, 'update'), change(2, 'create')], [finding('error', 3)]),
      diagnostics: [finding('error', 3)],
    });
    const closing = renderReport(pending, {
      format: 'text',
      color: false,
      redactor: new Redactor(),
      policy: {},
    });
    expect(closing).toContain('2 changes pending, which an apply holds back while an error remains');
    expect(closing).not.toContain('for the documents without errors');
  });
});
