/** The `plan-json` output: the whole run as JSON, in a file for later steps of the job. */
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonOutput } from '../report/json-output.js';
import type { RunReport } from '../run/reports.js';
import type { MainStep } from './main-step.js';

/**
 * Writes the file and returns its path: `plan.json` in a directory of its own in the runner's temporary
 * directory, so that two steps of one job (other paths, or the same step run again) never share a file.
 */
export function writePlanJson(
  { inputs, runner, redactor }: Pick<MainStep, 'inputs' | 'runner' | 'redactor'>,
  report: RunReport,
): string {
  const path = join(mkdtempSync(join(runner.tempDir, 'platform-gitops-')), 'plan.json');
  // Written piece by piece as it is made: the JSON of a large plan is never held whole.
  const fd = openSync(path, 'w');
  try {
    writeJsonOutput(report, redactor, { failOn: inputs.failOn }, (piece) => writeSync(fd, piece));
  } finally {
    closeSync(fd);
  }
  return path;
}
