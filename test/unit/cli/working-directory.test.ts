import { describe, expect, it } from 'vitest';
import { fromWorkingDirectory, namedFromWorkingDirectory } from '../../../src/cli/working-directory.js';
import { change, finding, plan, report, result } from '../report/report-factory.js';

describe('files named from the working directory', () => {
  it('names a root-relative file as the terminal in another directory opens it', () => {
    expect(fromWorkingDirectory('platform/a.yaml', '/w/nu/err', '/w')).toBe('nu/err/platform/a.yaml');
    expect(fromWorkingDirectory('platform/a.yaml', '/w/nu/err', '/w/nu/err/platform')).toBe('a.yaml');
    expect(fromWorkingDirectory('platform/a.yaml', '/w/nu/err', '/w/other')).toBe(
      '../nu/err/platform/a.yaml',
    );
    expect(fromWorkingDirectory('platform/a.yaml', '/w/nu/err', '/w/nu/err')).toBe('platform/a.yaml');
    expect(fromWorkingDirectory('', '/w/nu/err', '/w')).toBe('');
  });

  it('renames every file a report names, and nothing else', () => {
    const planned = change(1);
    const r = report({
      command: 'apply',
      diagnostics: [finding('error', planned.file, 3), finding('notice', '', 1)],
      plan: plan([planned]),
      results: [result(1)],
      skippedFiles: ['docker-compose.yml'],
    });
    const seen = namedFromWorkingDirectory(r, '/w/repo', '/w');
    expect(seen.diagnostics.map((d) => d.file)).toEqual([`repo/${planned.file}`, '']);
    expect(seen.plan?.changes.map((c) => c.file)).toEqual([`repo/${planned.file}`]);
    expect(seen.results.map((x) => x.change.file)).toEqual([`repo/${result(1).change.file}`]);
    expect(seen.skippedFiles).toEqual(['repo/docker-compose.yml']);
    expect(seen.diagnostics.map((d) => d.message)).toEqual(r.diagnostics.map((d) => d.message));
    expect(namedFromWorkingDirectory(r, '/w/repo', '/w/repo')).toBe(r);
  });

  it("renames the files of the plan's receivers and of the backtest too", () => {
    const planned = change(1);
    const receiver = { kind: 'AlertReceiver', file: 'alerting/receivers.yaml', line: 1 };
    const r = {
      ...report({ command: 'plan', plan: plan([planned]) }),
      backtest: {
        windowSeconds: 7 * 86_400,
        start: 0,
        end: 7 * 86_400,
        rules: [{ name: 'a', file: 'alerting/a.yaml', line: 3 }],
        notBacktested: [{ name: 'b', file: 'alerting/b.yaml', line: 9, reason: 'it is disabled' }],
      },
    } as unknown as Parameters<typeof namedFromWorkingDirectory>[0];
    const withReceivers = {
      ...r,
      plan: { ...r.plan!, changes: [receiver, ...r.plan!.changes] },
    } as unknown as typeof r;
    const seen = namedFromWorkingDirectory(withReceivers, '/w/repo', '/w');
    // A receiver's change is in the one list, and moves with every other change.
    expect(seen.plan?.changes.filter((c) => c.kind === 'AlertReceiver').map((c) => c.file)).toEqual([
      'repo/alerting/receivers.yaml',
    ]);
    // The backtest is a plan's: the report is one still.
    if (seen.command !== 'plan') throw new Error(`a plan's report became a ${seen.command} report`);
    expect(seen.backtest?.rules.map((x) => x.file)).toEqual(['repo/alerting/a.yaml']);
    expect(seen.backtest?.notBacktested.map((x) => x.file)).toEqual(['repo/alerting/b.yaml']);
  });

  it('leaves absolute paths as they are, and a report without a plan or passed-over files without them', () => {
    expect(fromWorkingDirectory('/elsewhere/a.yaml', '/w/repo', '/w')).toBe('/elsewhere/a.yaml');
    const r = report({ command: 'validate', diagnostics: [finding('error', 'platform/a.yaml', 2)] });
    const seen = namedFromWorkingDirectory(r, '/w/repo', '/w');
    expect(seen.diagnostics.map((d) => d.file)).toEqual(['repo/platform/a.yaml']);
    expect(seen.plan).toBeNull();
    expect(seen).not.toHaveProperty('skippedFiles');
  });
});
