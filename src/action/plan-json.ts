/** The `plan-json` output: the whole run as JSON, in a file for later steps of the job. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderJson } from '../report/json-output.js';
import type { RunReport } from '../run/types.js';
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
  writeFileSync(path, renderJson(report, redactor, { failOn: inputs.failOn }), 'utf8');
  return path;
}
