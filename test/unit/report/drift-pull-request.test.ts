import { describe, expect, it } from 'vitest';
import type { WriteBack } from '../../../src/plan/drift-write-back.js';
import { renderDriftPullRequest } from '../../../src/report/drift-pull-request.js';
import { testChange } from '../../helpers/changes.js';

const MARKER = '<!-- platform-gitops:drift-pull-request:v1:x -->';
const context = { paths: ['alerting'], sha: 'abcdef123456', runUrl: null, links: null, driftIssue: null };

const edited = testChange('update', {
  name: 'api-p99',
  file: 'alerting/api.yaml',
  line: 3,
  diff: [{ path: 'condition.threshold', before: 0.9, after: 0.5 }],
});
const written: WriteBack = {
  files: [{ path: 'alerting/api.yaml', text: 'kind: AlertRule\n' }],
  adopted: [
    { kind: 'AlertRule', name: 'api-p99', file: 'alerting/api.yaml', change: edited, id: 'r-1' },
    { kind: 'AlertRule', name: 'new-rule', file: 'alerting/adopted/prod-eu.yaml', change: null, id: 'n-1' },
  ],
  toDecide: [
    {
      kind: 'AlertReceiver',
      name: 'pager',
      file: 'alerting/pager.yaml',
      line: 1,
      why: 'create',
      change: undefined,
    },
    { kind: 'AlertRule', name: '', file: 'alerting/old.yaml', line: 4, why: 'deleted' },
  ],
  notWritten: [{ name: 'email', file: 'alerting/email.yaml', reason: 'its type was changed outside git' }],
};

describe('renderDriftPullRequest', () => {
  it("starts with its marker, shows the plan's change, what was added, what a person decides and what was not written", () => {
    const content = renderDriftPullRequest(written, MARKER, context);
    expect(content.adopting).toBe(true);
    expect(content.title).toBe('Adopt 2 alert rule and receiver edits made outside git (alerting)');
    expect(content.body.startsWith(`${MARKER}\n`)).toBe(true);
    expect(content.body).not.toContain('reported in #');
    expect(content.body).toContain('**✏️ update** api-p99 · `alerting/api.yaml:3`');
    expect(content.body).toContain('- `condition.threshold`: `0.9` → `0.5`');
    expect(content.body).toContain('- ➕ alert rule `new-rule` (`n-1`) → `alerting/adopted/prod-eu.yaml`\n');
    expect(content.body).toContain(
      '- alert receiver `pager` · `alerting/pager.yaml:1`: not in the service: the next apply makes it',
    );
    expect(content.body).toContain('- alert rule `(no name)` · `alerting/old.yaml:4`: deleted outside git');
    expect(content.body).toContain(
      '#### Drift not written back\n- `email` in `alerting/email.yaml`: its type was changed outside git',
    );
    expect(content.commitMessage).toBe(
      'Adopt 2 edits made outside git into the documents\n\n- edit api-p99 (alerting/api.yaml)\n- add new-rule (alerting/adopted/prod-eu.yaml)',
    );
    expect(content.closingComment).toBe('Git and the service agree again at commit `abcdef1`: closing.');
  });

  it('links the drift issue, and proposes nothing when no file changes', () => {
    const one = { ...written, files: [], adopted: [written.adopted[0]!], toDecide: [], notWritten: [] };
    const content = renderDriftPullRequest(one, MARKER, {
      ...context,
      paths: ['.'],
      sha: '',
      runUrl: 'https://github.com/a/b/actions/runs/1',
      driftIssue: 12,
    });
    expect(content.adopting).toBe(false);
    expect(content.title).toBe('Adopt 1 alert rule and receiver edit made outside git');
    expect(content.body).toContain('It adopts the drift reported in #12.');
    expect(content.body).not.toContain('#### For you to decide');
    expect(content.closingComment).toBe(
      'Git and the service agree again in [this run](https://github.com/a/b/actions/runs/1): closing.',
    );
  });
});
