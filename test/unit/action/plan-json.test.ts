import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePlanJson } from '../../../src/action/plan-json.js';
import { Redactor } from '../../../src/core/redact.js';
import { finding, report } from '../report/report-factory.js';
import { testInputs, testRunner } from './main-step-factory.js';

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
    expect(path.startsWith(join(dir, 'platform-gitops-'))).toBe(true);
    expect(path.endsWith(join('/', 'plan.json'))).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('s3cr3t-value');
    const json = JSON.parse(text) as { command: string; diagnostics: { message: string }[] };
    expect(json.command).toBe('plan');
    expect(json.diagnostics.map((d) => d.message)).toEqual(['the token *** is wrong']);
  });

  it('gives every run a file of its own: a second step of the job never overwrites the first', () => {
    const step = { inputs: testInputs(), runner: testRunner({ tempDir: dir }), redactor: new Redactor() };
    const first = writePlanJson(step, report({ command: 'validate' }));
    const second = writePlanJson(step, report({ command: 'plan' }));
    expect(second).not.toBe(first);
    expect(JSON.parse(readFileSync(first, 'utf8')).command).toBe('validate');
    expect(JSON.parse(readFileSync(second, 'utf8')).command).toBe('plan');
  });
});
