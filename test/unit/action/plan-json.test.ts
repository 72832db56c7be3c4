import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planJsonPath, writePlanJson } from '../../../src/action/plan-json.js';
import { Redactor } from '../../../src/core/redact.js';
import { finding, report } from '../report/report-factory.js';
import { testInputs, testRunner } from './main-step-factory.js';

describe('planJsonPath', () => {
  const runner = { tempDir: '/runner/temp', workflow: 'gitops' };

  it('is in the runner temporary directory, one file per workflow, paths and process', () => {
    const path = planJsonPath(runner, ['alerting'], 4242);
    expect(path).toMatch(/^\/runner\/temp\/platform-gitops-[0-9a-f]+-4242\.json$/);
    expect(planJsonPath(runner, ['alerting'], 4242)).toBe(path);
    expect(planJsonPath(runner, ['components'], 4242)).not.toBe(path);
    expect(planJsonPath({ ...runner, workflow: 'other' }, ['alerting'], 4242)).not.toBe(path);
    expect(planJsonPath(runner, ['alerting'], 4243)).not.toBe(path);
  });
});

describe('writePlanJson', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'plan-json-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the whole run as JSON, redacted, and returns where', () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t-value');
    const r = report({ diagnostics: [finding('error', 'a.yaml', 3, 'the token s3cr3t-value is wrong')] });
    const path = writePlanJson({ inputs: testInputs(), runner: testRunner({ tempDir: dir }), redactor }, r);
    expect(path.startsWith(`${dir}/`)).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('s3cr3t-value');
    const json = JSON.parse(text) as { command: string; diagnostics: { message: string }[] };
    expect(json.command).toBe('plan');
    expect(json.diagnostics.map((d) => d.message)).toEqual(['the token *** is wrong']);
  });
});
