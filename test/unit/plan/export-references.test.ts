import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFiles } from '../../../src/documents/index.js';
import { checkExported } from '../../../src/kinds/alert-rule/export-check.js';
import { exportDocuments } from '../../../src/kinds/alert-rule/export-documents.js';
import {
  type ExportNameLists,
  NO_NAME_LISTS,
  namesNeeded,
  referenceEntries,
} from '../../../src/kinds/alert-rule/export-references.js';
import type { ServiceEntry } from '../../../src/names/index.js';
import { API, EMAIL, live, ORG, PROD, SLACK, STAGING, WORKER } from './fixtures.js';

const SHOP = 'b0b0b0b0-0000-4000-8000-000000000601';
const PRODUCTION = 'e0e0e0e0-0000-4000-8000-000000000401';
const STAGING_ENV = 'e0e0e0e0-0000-4000-8000-000000000402';
const STAGING_WORKER_APP = 'a1a1a1a1-0000-4000-8000-000000000313';
const STAGING_WORKER_CONTAINER = 'a1a1a1a1-0000-4000-8000-000000000314';
const NIGHTLY = 'a1a1a1a1-0000-4000-8000-000000000304';
const PAGER = '5e1ec7ed-0000-4000-8000-000000000203';

function service(id: string, name: string, type: string, over: Partial<ServiceEntry> = {}): ServiceEntry {
  return {
    id,
    name,
    type,
    projectId: SHOP,
    projectName: 'shop',
    environmentId: PRODUCTION,
    environmentName: 'production',
    clusterId: PROD,
    ...over,
  };
}

/** The sandbox's organization, as the four lists and the receivers list give it. */
const LISTS: ExportNameLists = {
  clusters: [
    { id: PROD, name: 'prod-eu' },
    { id: STAGING, name: 'staging-eu' },
  ],
  services: [
    service(API, 'api', 'APPLICATION'),
    service(WORKER, 'worker', 'APPLICATION'),
    service(NIGHTLY, 'nightly-report', 'JOB', { jobType: 'CRON' }),
    service(STAGING_WORKER_APP, 'worker', 'APPLICATION', {
      environmentId: STAGING_ENV,
      environmentName: 'staging',
      clusterId: STAGING,
    }),
    service(STAGING_WORKER_CONTAINER, 'worker', 'CONTAINER', {
      environmentId: STAGING_ENV,
      environmentName: 'staging',
      clusterId: STAGING,
    }),
  ],
  projects: [{ id: SHOP, name: 'shop' }],
  environments: [
    { id: PRODUCTION, name: 'production', projectId: SHOP, clusterId: PROD },
    { id: STAGING_ENV, name: 'staging', projectId: SHOP, clusterId: STAGING },
  ],
  receivers: [
    { id: SLACK, name: 'slack-oncall' },
    { id: EMAIL, name: 'email-platform' },
    { id: PAGER, name: 'pager' },
  ],
};

/** The document's keys and values, without the comments. */
function entries(rule = live(), lists = LISTS): Record<string, unknown> {
  return Object.fromEntries(referenceEntries(rule, lists).map((e) => [e.key, e.value]));
}

function why(rule = live(), lists = LISTS): (string | null)[] {
  return referenceEntries(rule, lists).map((e) => e.why);
}

describe('the references an export writes', () => {
  it('names the cluster, a service target and the receivers', () => {
    expect(entries(live({ alert_receiver_ids: [SLACK, EMAIL] }))).toEqual({
      cluster: 'prod-eu',
      target: { service: 'shop/production/api' },
      alert_receivers: ['slack-oncall', 'email-platform'],
    });
    expect(why()).toEqual([null, null, null]);
  });

  it('names an environment target and a cluster target', () => {
    expect(entries(live({ target: { target_type: 'ENVIRONMENT', target_id: PRODUCTION } })).target).toEqual({
      environment: 'shop/production',
    });
    expect(entries(live({ target: { target_type: 'CLUSTER', target_id: PROD } })).target).toEqual({
      cluster: 'prod-eu',
    });
  });

  it('names a cron job, whose target type the service type gives', () => {
    expect(entries(live({ target: { target_type: 'CRONJOB', target_id: NIGHTLY } })).target).toEqual({
      service: 'shop/production/nightly-report',
    });
  });

  it('keeps the id of a target whose service reads as another target type, and says why', () => {
    const rule = live({ target: { target_type: 'JOB', target_id: NIGHTLY } });
    expect(entries(rule).target).toEqual({ target_type: 'JOB', target_id: NIGHTLY });
    expect(why(rule)[1]).toBe(
      'By id: "shop/production/nightly-report" is a CRONJOB target, the rule\'s target_type is JOB.',
    );
  });

  it('matches ids without regard to case', () => {
    const rule = live({
      cluster_id: PROD.toUpperCase(),
      target: { target_type: 'APPLICATION', target_id: API.toUpperCase() },
    });
    expect(entries(rule)).toMatchObject({ cluster: 'prod-eu', target: { service: 'shop/production/api' } });
  });

  it('writes the mapping form when a name holds a slash', () => {
    const lists = {
      ...LISTS,
      services: [service(API, 'api/v2', 'APPLICATION', { projectName: 'shop' })],
      environments: [{ id: PRODUCTION, name: 'prod/eu', projectId: SHOP, clusterId: PROD }],
    };
    // Under the form's own key, as the schema writes it: `target: {service: {project, environment, service}}`.
    expect(entries(live(), lists).target).toEqual({
      service: { project: 'shop', environment: 'production', service: 'api/v2' },
    });
    expect(
      entries(live({ target: { target_type: 'ENVIRONMENT', target_id: PRODUCTION } }), lists).target,
    ).toEqual({ environment: { project: 'shop', environment: 'prod/eu' } });
  });

  it('writes a document validate accepts, and export keeps, when a name holds a slash', () => {
    const lists = {
      ...LISTS,
      services: [service(API, 'api/v2', 'APPLICATION')],
      environments: [{ id: PRODUCTION, name: 'prod/eu', projectId: SHOP, clusterId: PROD }],
    };
    const rules = [
      live(),
      live({
        id: 'a2a2a2a2-0000-4000-8000-000000000502',
        name: 'env-down',
        target: { target_type: 'ENVIRONMENT', target_id: PRODUCTION },
      }),
    ];
    const exported = exportDocuments(rules, lists);
    const loaded = parseFiles(
      exported.map((d) => ({ path: d.fileName, bytes: new TextEncoder().encode(d.text) })),
    );
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(exported.map((d) => parse(d.text).target)).toEqual([
      { service: { project: 'shop', environment: 'production', service: 'api/v2' } },
      { environment: { project: 'shop', environment: 'prod/eu' } },
    ]);
    expect(checkExported(exported)).toEqual({ valid: exported, refused: [] });
  });

  it('writes a cluster whose name is blank by id, with a comment: the schema refuses a blank name', () => {
    const lists = { ...LISTS, clusters: [{ id: PROD, name: '   ' }] };
    const rule = live({ target: { target_type: 'CLUSTER', target_id: PROD } });
    expect(entries(rule, lists)).toMatchObject({
      cluster_id: PROD,
      target: { target_type: 'CLUSTER', target_id: PROD },
    });
    expect(why(rule, lists).slice(0, 2)).toEqual([
      `By id: cluster ${PROD} has no name.`,
      `By id: cluster ${PROD} has no name.`,
    ]);
    expect(checkExported(exportDocuments([rule], lists)).refused).toEqual([]);
  });

  it('export leaves out a document whose written names validate would refuse, and says why', () => {
    const [doc] = exportDocuments([live()], LISTS);
    // A target in a form the schema refuses, in the text written only (the id form is sound).
    const broken = { ...doc!, text: doc!.text.replace('  service: shop/production/api', '  project: shop') };
    const checked = checkExported([broken]);
    expect(checked.valid).toEqual([]);
    expect(checked.refused).toEqual([
      expect.stringMatching(
        /^alert rule "api-p99-latency" \(a2a2a2a2-0000-4000-8000-000000000501\) not exported: validate would refuse its document: /,
      ),
    ]);
  });

  it('keeps the id of a service whose name is shared, naming every service of that name', () => {
    const rule = live({
      cluster_id: STAGING,
      target: { target_type: 'APPLICATION', target_id: STAGING_WORKER_APP },
    });
    expect(entries(rule)).toMatchObject({
      cluster: 'staging-eu',
      target: { target_type: 'APPLICATION', target_id: STAGING_WORKER_APP },
    });
    expect(why(rule)[1]).toBe(
      `By id: 2 services are named "worker" in environment "staging" of project "shop" (${STAGING_WORKER_APP}, ${STAGING_WORKER_CONTAINER}).`,
    );
  });

  it('keeps the id of a service whose project name is shared', () => {
    const other = 'b0b0b0b0-0000-4000-8000-000000000699';
    const lists = {
      ...LISTS,
      services: [
        ...LISTS.services!,
        service('a1a1a1a1-0000-4000-8000-000000000399', 'api', 'APPLICATION', {
          projectId: other,
          projectName: 'SHOP ',
        }),
      ],
    };
    expect(entries(live(), lists).target).toEqual({ target_type: 'APPLICATION', target_id: API });
    expect(why(live(), lists)[1]).toMatch(/^By id: 2 projects are named "shop"/);
  });

  it('keeps the id of a cluster whose name is shared, or that no list holds, and says why', () => {
    const twice = {
      ...LISTS,
      clusters: [...LISTS.clusters!, { id: 'c1a5e7e0-0000-4000-8000-000000000199', name: 'Prod-EU' }],
    };
    expect(entries(live(), twice).cluster_id).toBe(PROD);
    expect(why(live(), twice)[0]).toBe(
      `By id: 2 clusters are named "prod-eu" in the organization (${PROD}, c1a5e7e0-0000-4000-8000-000000000199).`,
    );
    const gone = live({ cluster_id: 'c1a5e7e0-0000-4000-8000-000000000999' });
    expect(entries(gone).cluster_id).toBe('c1a5e7e0-0000-4000-8000-000000000999');
    expect(why(gone)[0]).toBe('By id: no cluster of the organization has this id.');
  });

  it('keeps the id of a service or an environment that no list holds', () => {
    const gone = live({
      target: { target_type: 'APPLICATION', target_id: 'a1a1a1a1-0000-4000-8000-000000000999' },
    });
    expect(why(gone)[1]).toBe('By id: no service of the organization has this id.');
    const env = live({
      target: { target_type: 'ENVIRONMENT', target_id: 'e0e0e0e0-0000-4000-8000-000000000999' },
    });
    expect(why(env)[1]).toBe('By id: no environment of the organization has this id.');
  });

  it('writes every reference by id when its list could not be read, and says so', () => {
    expect(entries(live(), NO_NAME_LISTS)).toEqual({
      cluster_id: PROD,
      target: { target_type: 'APPLICATION', target_id: API },
      alert_receiver_ids: [SLACK],
    });
    expect(why(live(), NO_NAME_LISTS)).toEqual([
      "By id: the clusters of the organization could not be read (see the export's warning).",
      "By id: the services of the organization could not be read (see the export's warning).",
      "By id: the receivers of the organization could not be read (see the export's warning).",
    ]);
    const env = live({ target: { target_type: 'ENVIRONMENT', target_id: PRODUCTION } });
    expect(why(env, { ...LISTS, environments: null })[1]).toMatch(
      /projects and environments .* could not be read/,
    );
  });

  it('names the receivers it can and keeps the ids of the others, saying why', () => {
    const lists = { ...LISTS, receivers: [...LISTS.receivers!, { id: 'r-2', name: 'Pager ' }] };
    const rule = live({ alert_receiver_ids: [SLACK, PAGER, 'r-9'] });
    expect(entries(rule, lists)).toMatchObject({
      alert_receivers: ['slack-oncall'],
      alert_receiver_ids: [PAGER, 'r-9'],
    });
    expect(why(rule, lists)[3]).toBe(
      `By id: 2 receivers are named "pager" (${PAGER}, r-2); no receiver of the organization has the id r-9.`,
    );
  });

  it('writes a rule that pages nobody as it did', () => {
    expect(entries(live({ alert_receiver_ids: [] }))).toMatchObject({ alert_receiver_ids: [] });
    expect(why(live({ alert_receiver_ids: [] }))[2]).toBeNull();
  });
});

describe('namesNeeded', () => {
  it('asks only for the lists the rules reference', () => {
    expect(namesNeeded([])).toEqual({
      clusters: false,
      services: false,
      environments: false,
      receivers: false,
    });
    expect(
      namesNeeded([live({ target: { target_type: 'CLUSTER', target_id: PROD }, alert_receiver_ids: [] })]),
    ).toEqual({ clusters: true, services: false, environments: false, receivers: false });
    expect(
      namesNeeded([live(), live({ target: { target_type: 'ENVIRONMENT', target_id: PRODUCTION } })]),
    ).toEqual({
      clusters: true,
      services: true,
      environments: true,
      receivers: true,
    });
  });
});

describe('exported documents by name', () => {
  it('write names, with the id form and its reason as a comment above the key where a name fails', () => {
    const rule = live({
      cluster_id: STAGING,
      target: { target_type: 'APPLICATION', target_id: STAGING_WORKER_APP },
    });
    const [doc] = exportDocuments([rule], LISTS);
    const lines = doc!.text.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      `# Exported from the live rule ${rule.id}: planning this file shows no change until it is edited.`,
      'kind: AlertRule',
      `id: ${rule.id}`,
      `organization_id: ${ORG}`,
      'cluster: staging-eu',
      `# By id: 2 services are named "worker" in environment "staging" of project "shop" (${STAGING_WORKER_APP}, ${STAGING_WORKER_CONTAINER}).`,
      'target:',
      '  target_type: APPLICATION',
      `  target_id: ${STAGING_WORKER_APP}`,
    ]);
    expect(parse(doc!.text)).toMatchObject({ alert_receivers: ['slack-oncall'] });
    expect(doc!.byId).toBe(1);
    expect(exportDocuments([live()], LISTS)[0]!.byId).toBe(0);
  });

  it('keep the id form, uncommented, for the checks and the rule file, and without lists as the text', () => {
    const [named] = exportDocuments([live()], LISTS);
    expect(parse(named!.idText)).toMatchObject({
      cluster_id: PROD,
      target: live().target,
      alert_receiver_ids: [SLACK],
    });
    expect(named!.idText).not.toContain('# By id');
    const [plain] = exportDocuments([live()]);
    expect(plain!.text).toBe(plain!.idText);
  });

  it('keep a comment on one line whatever the name holds', () => {
    const lists = {
      ...LISTS,
      clusters: [
        { id: PROD, name: 'prod\neu' },
        { id: STAGING, name: 'PROD\neu' },
      ],
    };
    const [doc] = exportDocuments([live()], lists);
    const comment = doc!.text.split('\n').filter((l) => l.startsWith('# By id'));
    expect(comment).toHaveLength(1);
    expect(parse(doc!.text)).toMatchObject({ cluster_id: PROD });
  });
});
