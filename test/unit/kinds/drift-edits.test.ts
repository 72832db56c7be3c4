import { describe, expect, it } from 'vitest';
import { kindNamed } from '../../../src/kinds/registry.js';
import type { ReceiverUpdate } from '../../../src/model/alert-receiver-change.js';
import type { UpdateChange } from '../../../src/model/alert-rule-change.js';
import { goneKind } from '../../../src/plan/drift-write-back.js';

/** What each kind answers when drift is written back, asked through the registry as the pipeline asks it. */
const receiverUpdate = (diff: ReceiverUpdate['diff']) =>
  ({
    kind: 'AlertReceiver',
    action: 'update',
    id: 'x',
    name: 'pager',
    organizationId: 'o',
    file: 'r.yaml',
    line: 1,
    diff,
  }) as unknown as ReceiverUpdate;

const ruleUpdate = (diff: UpdateChange['diff']) =>
  ({
    kind: 'AlertRule',
    action: 'update',
    id: 'y',
    name: 'cpu',
    organizationId: 'o',
    file: 'f.yaml',
    line: 1,
    diff,
  }) as unknown as UpdateChange;

describe('each kind written back', () => {
  it("refuses a receiver's type changed outside git, and edits its other fields", () => {
    const receiver = kindNamed('AlertReceiver');
    const context = { doc: {}, receivers: null };
    expect(
      receiver.documentEdits(receiverUpdate([{ path: 'type', before: 'EMAIL', after: 'SLACK' }]), context),
    ).toEqual({ refused: 'its type was changed outside git' });
    expect(
      receiver.documentEdits(
        receiverUpdate([
          { path: 'description', before: 'new', after: 'old' },
          { path: 'owner', before: null, after: 'me' },
        ]),
        context,
      ),
    ).toEqual([
      { op: 'set', path: ['description'], value: 'new', unlessMissing: '' },
      { op: 'remove', path: ['owner'] },
    ]);
  });

  it("writes a rule's live values, a cleared threshold removed", () => {
    const edits = kindNamed('AlertRule').documentEdits(
      ruleUpdate([
        { path: 'condition.threshold', before: null, after: 0.5 },
        { path: 'enabled', before: false, after: true },
      ]),
      { doc: {}, receivers: null },
    );
    expect(edits).toEqual([
      { op: 'remove', path: ['condition', 'threshold'] },
      { op: 'set', path: ['enabled'], value: false, unlessMissing: true },
    ]);
  });

  it('renames, by the kind renamed, the names a rule document uses, and nothing else', () => {
    const receiver = kindNamed('AlertReceiver');
    const rule = kindNamed('AlertRule');
    const renamed = receiver.renamed?.(receiverUpdate([{ path: 'name', before: 'pager-2', after: 'pager' }]));
    expect(renamed).toEqual({ from: 'pager', to: 'pager-2' });
    expect(receiver.renamed?.(receiverUpdate([{ path: 'description', before: 'a', after: 'b' }]))).toBeNull();
    expect(rule.renamed).toBeUndefined();
    const doc = { alert_receivers: ['slack', 'pager', 3] };
    const renames = new Map([['AlertReceiver' as const, new Map([['pager', 'pager-2']])]]);
    expect(rule.followRenames?.(doc, renames)).toEqual([
      { op: 'set', path: ['alert_receivers', 1], value: 'pager-2' },
    ]);
    // A rename of another kind, or a document that names no receivers, is not touched.
    expect(rule.followRenames?.(doc, new Map([['AlertRule' as const, new Map([['pager', 'x']])]]))).toEqual(
      [],
    );
    expect(rule.followRenames?.({ alert_receiver_ids: ['pager'] }, renames)).toEqual([]);
    expect(receiver.followRenames).toBeUndefined();
  });

  it('tells the kind of a document whose id the service no longer has by its finding', () => {
    expect(goneKind('plan.unknown-id')).toBe('AlertRule');
    expect(goneKind('plan.receiver-not-found')).toBe('AlertReceiver');
    expect(goneKind('plan.something-else')).toBeNull();
  });
});
