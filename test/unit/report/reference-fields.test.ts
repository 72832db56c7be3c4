import { describe, expect, it } from 'vitest';
import type { AlertRuleChange } from '../../../src/model/alert-rule-change.js';
import { changeMarkdown } from '../../../src/report/change-markdown.js';
import { changeFields, changePlacement } from '../../../src/report/reference-fields.js';
import {
  API,
  createdWithNames,
  deletedWithNames,
  EMAIL_PLATFORM,
  PROD_EU,
  receiversUpdated,
  SLACK_LOW,
  SLACK_ONCALL,
} from './named-scenarios.js';

function without<C extends AlertRuleChange>(change: C): C {
  const { references: _r, referencesBefore: _b, ...rest } = change;
  return rest as C;
}

describe('changeFields', () => {
  it('is the diff, field by field, when the change knows no names', () => {
    expect(changeFields(without(createdWithNames))).toEqual(
      createdWithNames.diff.map((diff) => ({ kind: 'field', diff })),
    );
  });

  it('names the cluster, the target (its two fields as one) and the receivers of a new rule', () => {
    const kinds = changeFields(createdWithNames).map((f) => (f.kind === 'field' ? f.diff.path : f.kind));
    expect(kinds).toEqual([
      'cluster',
      'target',
      'name',
      'condition.kind',
      'condition.promql',
      'severity',
      'enabled',
      'receivers',
    ]);
    expect(changeFields(createdWithNames)[7]).toEqual({
      kind: 'receivers',
      receivers: [SLACK_ONCALL, EMAIL_PLATFORM],
    });
  });

  it('matches ids without regard to case, and shows them as the diff writes them', () => {
    const upper = {
      ...createdWithNames,
      references: { ...createdWithNames.references!, cluster: { ...PROD_EU, id: PROD_EU.id.toUpperCase() } },
    };
    expect(changeFields(upper)[0]).toEqual({
      kind: 'cluster',
      cluster: { ...PROD_EU, id: PROD_EU.id.toUpperCase() },
    });
  });

  it('keeps the id field when the references name another id than the diff (the diff is what is written)', () => {
    const other = {
      ...createdWithNames,
      references: {
        ...createdWithNames.references!,
        target: { ...API, id: 'a1a1a1a1-0000-4000-8000-000000000999' },
      },
    };
    const paths = changeFields(other).map((f) => (f.kind === 'field' ? f.diff.path : f.kind));
    expect(paths.slice(0, 3)).toEqual(['cluster', 'target.target_type', 'target.target_id']);
  });

  it('reads an update of receivers as added, removed and kept, by name', () => {
    expect(changeFields(receiversUpdated)).toEqual([
      {
        kind: 'receivers-change',
        change: { added: [SLACK_ONCALL], removed: [EMAIL_PLATFORM], kept: [SLACK_LOW] },
      },
    ]);
  });

  it('shows a removed receiver by id when only the references after the change are known', () => {
    const { referencesBefore: _b, ...after } = receiversUpdated;
    expect(changeFields(after)).toEqual([
      {
        kind: 'receivers-change',
        change: {
          added: [SLACK_ONCALL],
          removed: [{ id: EMAIL_PLATFORM.id, name: null }],
          kept: [SLACK_LOW],
        },
      },
    ]);
  });

  it('keeps the diff of ids when no receiver of it is named', () => {
    const unnamed = {
      ...receiversUpdated,
      references: { ...receiversUpdated.references!, receivers: [] },
      referencesBefore: { ...receiversUpdated.referencesBefore!, receivers: [] },
    };
    expect(changeFields(unnamed)).toEqual([{ kind: 'field', diff: receiversUpdated.diff[0] }]);
  });

  it('keeps a blank name unknown', () => {
    const blank = {
      ...createdWithNames,
      references: { ...createdWithNames.references!, cluster: { ...PROD_EU, name: '  ' } },
    };
    expect(changeFields(blank)[0]).toMatchObject({ kind: 'field', diff: { path: 'cluster_id' } });
  });
});

describe('changePlacement', () => {
  it('says what an update or a delete watches, and on which cluster', () => {
    expect(changePlacement(receiversUpdated)).toEqual({
      target: receiversUpdated.references!.target,
      cluster: PROD_EU,
    });
    expect(changePlacement(deletedWithNames)).toEqual({ target: API, cluster: PROD_EU });
  });

  it('says nothing for a create (its fields say it), without references, or when no name is known', () => {
    expect(changePlacement(createdWithNames)).toBeNull();
    expect(changePlacement(without(receiversUpdated))).toBeNull();
    const unnamed = {
      ...receiversUpdated,
      references: { cluster: { ...PROD_EU, name: null }, target: { ...API, name: null }, receivers: [] },
    };
    expect(changePlacement(unnamed)).toBeNull();
  });

  it('shows the target by id when only the cluster is named, and the cluster alone when there is no target', () => {
    const unnamedTarget = {
      ...deletedWithNames,
      references: { cluster: PROD_EU, target: { ...API, name: null }, receivers: [] },
    };
    expect(changeMarkdown(unnamedTarget, null)).toContain(
      'Watches APPLICATION `a1a1a1a1-0000-4000-8000-000000000301` on cluster **prod-eu** (`c1a5e7e0-0000-4000-8000-000000000101`).',
    );
    const noTarget = { ...deletedWithNames, references: { cluster: PROD_EU, target: null, receivers: [] } };
    expect(changeMarkdown(noTarget, null)).toContain(
      '\n\nOn cluster **prod-eu** (`c1a5e7e0-0000-4000-8000-000000000101`).\n\n',
    );
  });

  it('says a CLUSTER target on its own cluster once', () => {
    const onCluster = {
      ...deletedWithNames,
      references: {
        cluster: PROD_EU,
        target: { ...PROD_EU, type: 'CLUSTER', within: null },
        receivers: [],
      },
    };
    expect(changePlacement(onCluster)).toEqual({ target: onCluster.references.target, cluster: null });
    expect(changeMarkdown(onCluster, null)).toContain(
      'Watches **prod-eu** · CLUSTER (`c1a5e7e0-0000-4000-8000-000000000101`).',
    );
  });
});

describe('changeMarkdown by name', () => {
  it('renders a change without references exactly as before', () => {
    const before = changeMarkdown(without(createdWithNames), null);
    expect(before).toContain('- `cluster_id`: `c1a5e7e0-0000-4000-8000-000000000101`');
    expect(before).toContain('- `target.target_type`: `APPLICATION`');
    expect(before).toContain('- `target.target_id`: `a1a1a1a1-0000-4000-8000-000000000301`');
    // Two ids are too long for one line: a diff block of the JSON list, as before.
    expect(before).toContain(
      '`alert_receiver_ids`:\n```diff\n+ [\n+   "5e1ec7ed-0000-4000-8000-000000000201",',
    );
    expect(before).not.toContain('**prod-eu**');
  });

  it('escapes a name as untrusted text: it cannot open a tag or break the list', () => {
    const hostile = {
      ...createdWithNames,
      references: {
        ...createdWithNames.references!,
        target: { ...API, name: '</details><img src=x>**bold**', within: 'shop|x/prod`' },
      },
    };
    const markdown = changeMarkdown(hostile, null);
    expect(markdown).toContain(
      '**&lt;/details&gt;&lt;img src=x&gt;\\*\\*bold\\*\\*** in shop\\|x/prod\\` · APPLICATION',
    );
    expect(markdown).not.toContain('</details>');
  });

  it('shows an unknown receiver by its id among named ones', () => {
    const partly = {
      ...createdWithNames,
      references: { ...createdWithNames.references!, receivers: [SLACK_ONCALL] },
    };
    expect(changeMarkdown(partly, null)).toContain(
      '- `alert_receivers`: **slack-oncall** (`5e1ec7ed-0000-4000-8000-000000000201`), `5e1ec7ed-0000-4000-8000-000000000202`',
    );
  });

  it('shows an empty list of receivers as before: no name to show', () => {
    const nobody = {
      ...createdWithNames,
      diff: createdWithNames.diff.map((d) => (d.path === 'alert_receiver_ids' ? { ...d, after: [] } : d)),
    };
    expect(changeMarkdown(nobody, null)).toContain('- `alert_receiver_ids`: `[]`');
  });
});
