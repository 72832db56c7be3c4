import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { renderLogsText } from '../../../src/logs/text.js';
import { errorEntry, infoEntry, reportOf } from './report-fixtures.js';

describe('renderLogsText', () => {
  it('shows the deployment, the errors newest first and the entries oldest first', () => {
    const first = errorEntry(2, 'FIRST', { hint_message: 'try again', link: 'https://docs.example.com/x' });
    const last = errorEntry(4, 'LAST', { underlying_error: { message: 'line one\nline two' } });
    const text = renderLogsText(
      [
        reportOf({
          entries: [infoEntry(1, 'one'), first, infoEntry(3, 'three'), last],
          totalEntries: 9,
          errors: [first, last],
          totalErrors: 2,
        }),
      ],
      { redactor: new Redactor(), details: true },
    );
    expect(text).toMatchSnapshot();
    expect(text.indexOf('[LAST]')).toBeLessThan(text.indexOf('[FIRST]'));
    expect(text.indexOf('Create: one')).toBeLessThan(text.indexOf('Create: three'));
    expect(text).toContain('Newest 4 of 9 entries, oldest first:');
  });

  it('heads one entry, or entries of a total, in words that agree', () => {
    const render = (entries: number, totalEntries: number) =>
      renderLogsText(
        [
          reportOf({
            entries: Array.from({ length: entries }, (_, i) => infoEntry(i + 1, `entry ${i}`)),
            totalEntries,
          }),
        ],
        { redactor: new Redactor(), details: false },
      );
    expect(render(1, 1)).toContain('The one entry:');
    expect(render(1, 1)).not.toContain('1 entries');
    expect(render(3, 3)).toContain('Newest 3 entries, oldest first:');
  });

  it('strips terminal escape sequences and redacts', () => {
    const redactor = new Redactor();
    redactor.add('qov_sandbox_acme_token');
    const text = renderLogsText(
      [
        reportOf({
          entries: [infoEntry(1, '\u001b[2J\u001b[31mred\u0007 qov_sandbox_acme_token token=abcdef')],
          totalEntries: 1,
        }),
      ],
      { redactor },
    );
    expect(text).toContain('Create: red *** token=***');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
  });

  it('reports a failure and the absence of entries', () => {
    const text = renderLogsText([reportOf({ failure: 'denied.' }), reportOf({ deployment: null })], {
      redactor: new Redactor(),
    });
    expect(text).toContain('could not fetch the logs: denied.');
    expect(text).toContain('There are no log entries.');
    expect(renderLogsText([], { redactor: new Redactor() })).toBe('No cluster to show logs for.\n');
  });
  it('names an earlier run’s deployment in one line with its age, not its logs', () => {
    const previous = reportOf().deployment!;
    const text = renderLogsText([reportOf({ deployment: null, previous })], {
      redactor: new Redactor(),
      now: Date.parse('2026-11-24T02:00:00Z'),
    });
    expect(text).toBe(
      'Cluster c1a5e7e0-0000-4000-8000-000000000101\n  no deployment of cluster c1a5e7e0-0000-4000-8000-000000000101 during this run; the newest (FAILED) is from 3 days ago: deployment d0d0d0d0-0000-4000-8000-000000000601, created 2026-11-21 01:00:00Z. Its logs belong to an earlier run and are not shown.\n',
    );
  });
});
