/** The `plan-json` output: the whole run as JSON, in a file for later steps of the job. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../commands/types.js';
import { renderJson } from '../report/json-output.js';
import { pathSetHash } from '../report/markers.js';
import type { MainStep } from './main-step.js';

/** Writes the file and returns its path. */
export function writePlanJson(
  { inputs, runner, redactor }: Pick<MainStep, 'inputs' | 'runner' | 'redactor'>,
  report: RunReport,
): string {
  const path = planJsonPath(runner, inputs.paths, process.pid);
  writeFileSync(path, renderJson(report, redactor, { failOn: inputs.failOn }), 'utf8');
  return path;
}

/**
 * In the runner's temporary directory, named after the workflow and the paths (two steps of one job that
 * plan other paths keep their own file) and the process (a step run twice does not read the other's).
 */
export function planJsonPath(
  runner: Pick<MainStep['runner'], 'tempDir' | 'workflow'>,
  paths: readonly string[],
  pid: number,
): string {
  return join(runner.tempDir, `platform-gitops-${pathSetHash(runner.workflow, paths)}-${pid}.json`);
}
