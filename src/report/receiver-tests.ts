/**
 * The outcome of each test message of a `test-receivers` run (TestReceiversReport.receiverTests), for the terminal
 * and the job summary; the JSON output carries the same entries as they are.
 */
import { plural } from '../core/plural.js';
import { printable } from '../core/printable.js';
import type { Block } from '../markdown/budget.js';
import { escapeInline, inlineCode, messageMarkdown, tableHead, tableRow } from '../markdown/escape.js';
import type { RunReport } from '../run/reports.js';
import type { ReceiverTest } from '../run/types.js';
import { painter } from './paint.js';

export interface ReceiverTestCounts {
  readonly sent: number;
  readonly failed: number;
}

export function countReceiverTests(report: RunReport): ReceiverTestCounts {
  return countTests(report.command === 'test-receivers' ? report.receiverTests : []);
}

/** `slack-oncall (SLACK)`, or the name alone when it matched no receiver. */
function receiverLabel(test: ReceiverTest): string {
  return test.type === null ? test.name : `${test.name} (${test.type})`;
}

/** One line per receiver: `✔ sent    slack-oncall (SLACK): test message sent`. */
export function formatReceiverTestsText(tests: readonly ReceiverTest[], options: { color: boolean }): string {
  const paint = painter(options.color);
  const lines = tests.map((test) => {
    const mark = test.ok ? paint('32', '✔ sent  ') : paint('31', '✘ failed');
    return `  ${mark}  ${printable(receiverLabel(test))}: ${printable(test.detail)}`;
  });
  const { sent, failed } = countTests(tests);
  return [`Receiver tests (${sent} sent, ${failed} failed):`, ...lines].join('\n');
}

export function receiverTestsBlock(tests: readonly ReceiverTest[]): Block {
  const { sent, failed } = countTests(tests);
  return {
    open: `### Receiver tests (${sent} sent, ${failed} failed)\n\n${tableHead(['Result', 'Receiver', 'Type', 'Details'])}`,
    rows: tests.map((test) =>
      tableRow([
        test.ok ? '✔️ sent' : '❌ failed',
        escapeInline(test.name, 200),
        test.type === null ? '—' : inlineCode(test.type, 40),
        messageMarkdown(test.detail, 500),
      ]),
    ),
    rowNoun: 'receiver',
  };
}

/** The headline's part: `2 test messages sent, 1 failed`. */
export function receiverTestsHeadline(counts: ReceiverTestCounts): string {
  const sent = `${plural(counts.sent, 'test message')} sent`;
  return counts.failed > 0 ? `${sent}, ${counts.failed} failed` : sent;
}

function countTests(tests: readonly ReceiverTest[]): ReceiverTestCounts {
  const sent = tests.filter((t) => t.ok).length;
  return { sent, failed: tests.length - sent };
}
