import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type ClusterEntry,
  type EnvironmentEntry,
  type NameResult,
  type ProjectEntry,
  parseNamePath,
  resolveCluster,
  resolveClusterTarget,
  resolveEnvironmentTarget,
  resolveProject,
  resolveServiceTarget,
  type ServiceEntry,
  targetTypeOfService,
} from '../../../src/names/index.js';

const clusters: ClusterEntry[] = [
  { id: 'c-eu', name: 'prod-eu' },
  { id: 'c-us', name: 'prod-us' },
  { id: 'c-st1', name: 'staging' },
  { id: 'c-st2', name: 'Staging' },
];

function service(
  id: string,
  name: string,
  type: string,
  where: { project: [string, string]; environment: [string, string] },
  jobType?: string,
): ServiceEntry {
  return {
    id,
    name,
    type,
    jobType,
    projectId: where.project[0],
    projectName: where.project[1],
    environmentId: where.environment[0],
    environmentName: where.environment[1],
    clusterId: 'c-eu',
  };
}

const shopProd = { project: ['p-shop', 'shop'], environment: ['e-prod', 'production'] } as {
  project: [string, string];
  environment: [string, string];
};
const services: ServiceEntry[] = [
  service('s-api', 'api', 'APPLICATION', shopProd),
  service('s-web', 'web', 'CONTAINER', shopProd),
  service('s-nightly', 'nightly', 'JOB', shopProd, 'CRON'),
  service('s-migrate', 'migrate', 'JOB', shopProd, 'LIFECYCLE'),
  service('s-chart', 'ingress', 'HELM', shopProd),
  service('s-infra', 'infra', 'TERRAFORM', shopProd),
  service('s-db', 'orders-db', 'DATABASE', shopProd),
  // Two services of one name in one environment.
  service('s-worker1', 'worker', 'APPLICATION', shopProd),
  service('s-worker2', 'Worker', 'APPLICATION', shopProd),
  // Two environments of one name in a project.
  service('s-b1', 'api', 'APPLICATION', { project: ['p-blog', 'blog'], environment: ['e-blog1', 'prod'] }),
  service('s-b2', 'api', 'APPLICATION', { project: ['p-blog', 'blog'], environment: ['e-blog2', 'PROD'] }),
  // Two projects of one name.
  service('s-i1', 'api', 'APPLICATION', { project: ['p-int1', 'internal'], environment: ['e-i1', 'prod'] }),
  service('s-i2', 'api', 'APPLICATION', { project: ['p-int2', 'Internal '], environment: ['e-i2', 'prod'] }),
  // Names holding "/".
  service('s-slash', 'api/v2', 'APPLICATION', {
    project: ['p-team', 'team/a'],
    environment: ['e-team', 'pre/prod'],
  }),
];

const projects: ProjectEntry[] = [
  { id: 'p-shop', name: 'shop' },
  { id: 'p-blog', name: 'blog' },
  { id: 'p-int1', name: 'internal' },
  { id: 'p-int2', name: 'Internal ' },
  { id: 'p-team', name: 'team/a' },
];
const environments: EnvironmentEntry[] = [
  { id: 'e-prod', name: 'production', projectId: 'p-shop', clusterId: 'c-eu' },
  { id: 'e-stage', name: 'staging', projectId: 'p-shop', clusterId: 'c-eu' },
  { id: 'e-blog1', name: 'prod', projectId: 'p-blog', clusterId: 'c-eu' },
  { id: 'e-blog2', name: 'PROD', projectId: 'p-blog', clusterId: 'c-eu' },
  { id: 'e-team', name: 'pre/prod', projectId: 'p-team', clusterId: 'c-eu' },
  // An environment of the same name in another project is not a match for shop's.
  { id: 'e-other', name: 'production', projectId: 'p-blog', clusterId: 'c-us' },
];

function errorOf<T>(result: NameResult<T>) {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('resolveCluster', () => {
  it('gives the cluster of the name, whatever its case and surrounding spaces', () => {
    expect(resolveCluster('prod-eu', clusters)).toEqual({ ok: true, value: { id: 'c-eu', name: 'prod-eu' } });
    expect(resolveCluster('  PROD-EU\t', clusters)).toEqual({
      ok: true,
      value: { id: 'c-eu', name: 'prod-eu' },
    });
  });

  it('offers the closest names for an unknown one', () => {
    const error = errorOf(resolveCluster('prod-ue', clusters));
    expect(error.code).toBe('unknown-name');
    expect(error.candidates).toEqual([
      { name: 'prod-eu', id: 'c-eu' },
      { name: 'prod-us', id: 'c-us' },
    ]);
    expect(error.message).toBe(
      'No cluster is named "prod-ue" in the organization. Did you mean "prod-eu" or "prod-us"?',
    );
  });

  it('says what to do for an unknown name with nothing near, and for an empty list', () => {
    const far = errorOf(resolveCluster('kubernetes-main', clusters));
    expect(far.candidates).toEqual([]);
    expect(far.message).toContain('Check the name, or write the id form (cluster_id: <id>)');
    expect(errorOf(resolveCluster('prod-eu', [])).message).toBe(
      'No cluster is named "prod-eu" in the organization. There is no cluster in the organization.',
    );
  });

  it('refuses a name that several clusters have, listing them with their ids and the id form', () => {
    const error = errorOf(resolveCluster('staging', clusters));
    expect(error.code).toBe('ambiguous-name');
    expect(error.candidates).toEqual([
      { name: 'staging', id: 'c-st1' },
      { name: 'Staging', id: 'c-st2' },
    ]);
    expect(error.message).toContain('2 clusters are named "staging" in the organization');
    expect(error.message).toContain('"staging" (c-st1), "Staging" (c-st2)');
    expect(error.message).toContain('write the id form instead (cluster_id: <id>)');
  });

  it('caps the list of an ambiguous name and says how many more there are', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `c-${String(i).padStart(2, '0')}`,
      name: 'edge',
    }));
    const error = errorOf(resolveCluster('edge', many));
    expect(error.candidates).toHaveLength(12);
    expect(error.message).toContain(', and 2 more.');
  });
});

describe('resolveClusterTarget', () => {
  it('gives a CLUSTER target', () => {
    expect(resolveClusterTarget(' Prod-EU ', clusters)).toEqual({
      ok: true,
      value: { target_type: 'CLUSTER', target_id: 'c-eu' },
    });
  });

  it('offers the CLUSTER id form for an ambiguous name', () => {
    expect(errorOf(resolveClusterTarget('STAGING', clusters)).message).toContain(
      'target: {target_type: CLUSTER, target_id: <id>}',
    );
  });
});

describe('resolveServiceTarget', () => {
  it.each([
    ['shop/production/api', 'APPLICATION', 's-api'],
    ['shop/production/web', 'CONTAINER', 's-web'],
    ['shop/production/nightly', 'CRONJOB', 's-nightly'],
    ['shop/production/migrate', 'JOB', 's-migrate'],
    ['shop/production/ingress', 'HELM', 's-chart'],
    ['shop/production/infra', 'TERRAFORM', 's-infra'],
  ])('%s is a %s target', (reference, targetType, id) => {
    expect(resolveServiceTarget(reference, services)).toEqual({
      ok: true,
      value: { target_type: targetType, target_id: id },
    });
  });

  it('matches each part without case and surrounding spaces', () => {
    expect(resolveServiceTarget(' SHOP / Production/  Api ', services)).toEqual({
      ok: true,
      value: { target_type: 'APPLICATION', target_id: 's-api' },
    });
  });

  it('takes the mapping form, where names may hold "/"', () => {
    expect(
      resolveServiceTarget({ project: 'team/a', environment: 'pre/prod', service: 'api/v2' }, services),
    ).toEqual({ ok: true, value: { target_type: 'APPLICATION', target_id: 's-slash' } });
    expect(
      resolveServiceTarget({ project: 'Shop ', environment: 'production', service: 'API' }, services),
    ).toEqual({
      ok: true,
      value: { target_type: 'APPLICATION', target_id: 's-api' },
    });
  });

  it('reads a name holding "/" in the path form as too many parts, and points to the mapping form', () => {
    const error = errorOf(resolveServiceTarget('team/a/pre/prod/api/v2', services));
    expect(error.code).toBe('bad-reference');
    expect(error.message).toBe(
      '"team/a/pre/prod/api/v2" has 6 parts, expected 3 (project/environment/service). ' +
        'Write it as project/environment/service, or in the mapping form {project: …, environment: …, service: …} when a name holds "/".',
    );
  });

  it('refuses a path with too few parts, and empty parts in either form', () => {
    expect(errorOf(resolveServiceTarget('shop/api', services)).message).toContain('has 2 parts, expected 3');
    expect(errorOf(resolveServiceTarget('api', services)).message).toContain('has 1 part, expected 3');
    expect(errorOf(resolveServiceTarget('shop//api', services)).message).toBe(
      '"shop//api" has an empty environment name: write it as project/environment/service, each name non-empty.',
    );
    const mapping = errorOf(
      resolveServiceTarget({ project: 'shop', environment: 'production', service: '  ' }, services),
    );
    expect(mapping.code).toBe('bad-reference');
    expect(mapping.message).toBe('The service name is empty: name the project, environment, service each.');
  });

  it('offers near names at each level for an unknown one', () => {
    const project = errorOf(resolveServiceTarget('shp/production/api', services));
    expect(project).toMatchObject({ code: 'unknown-name', candidates: [{ name: 'shop', id: 'p-shop' }] });
    expect(project.message).toContain(
      'No project is named "shp" among the projects that have services. Did you mean "shop"?',
    );
    const environment = errorOf(resolveServiceTarget('shop/prodution/api', services));
    expect(environment).toMatchObject({
      code: 'unknown-name',
      candidates: [{ name: 'production', id: 'e-prod' }],
    });
    expect(environment.message).toContain('in project "shop"');
    const name = errorOf(resolveServiceTarget('shop/production/apo', services));
    expect(name).toMatchObject({ code: 'unknown-name', candidates: [{ name: 'api', id: 's-api' }] });
    expect(name.message).toBe(
      'No service is named "apo" in environment "production" of project "shop". Did you mean "api"?',
    );
  });

  it('refuses two projects of one name, listing both with their ids', () => {
    const error = errorOf(resolveServiceTarget('internal/prod/api', services));
    expect(error.code).toBe('ambiguous-name');
    expect(error.candidates).toEqual([
      { name: 'internal', id: 'p-int1' },
      { name: 'Internal ', id: 'p-int2' },
    ]);
    expect(error.message).toContain('2 projects are named "internal"');
    expect(error.message).toContain('target: {target_type: <type>, target_id: <service id>}');
    expect(error.message).toContain(
      'Services at that path: Internal /prod/api (s-i2), internal/prod/api (s-i1).',
    );
  });

  it('refuses two environments of one name in a project', () => {
    const error = errorOf(resolveServiceTarget('blog/prod/api', services, 'APPLICATION'));
    expect(error.code).toBe('ambiguous-name');
    expect(error.candidates).toEqual([
      { name: 'prod', id: 'e-blog1' },
      { name: 'PROD', id: 'e-blog2' },
    ]);
    expect(error.message).toContain('2 environments are named "prod" in project "blog"');
    expect(error.message).toContain('target: {target_type: APPLICATION, target_id: <service id>}');
    expect(error.message).toContain('Services at that path: blog/PROD/api (s-b2), blog/prod/api (s-b1).');
    expect(errorOf(resolveServiceTarget('blog/prod/web', services)).message).not.toContain(
      'Services at that path',
    );
  });

  it('refuses two services of one name in an environment', () => {
    const error = errorOf(resolveServiceTarget('shop/production/WORKER', services));
    expect(error.code).toBe('ambiguous-name');
    expect(error.candidates).toEqual([
      { name: 'worker', id: 's-worker1' },
      { name: 'Worker', id: 's-worker2' },
    ]);
  });

  it('lists each service of an ambiguous name with its target type, the id form needing both', () => {
    const mixed = [...services, service('s-worker3', 'worker', 'CONTAINER', shopProd)];
    const error = errorOf(resolveServiceTarget('shop/production/worker', mixed));
    expect(error.message).toContain(
      ': "worker" · APPLICATION (s-worker1), "worker" · CONTAINER (s-worker3), "Worker" · APPLICATION (s-worker2).',
    );
  });

  it('accepts a stated target_type that agrees, and refuses one that disagrees', () => {
    expect(resolveServiceTarget('shop/production/nightly', services, 'CRONJOB')).toEqual({
      ok: true,
      value: { target_type: 'CRONJOB', target_id: 's-nightly' },
    });
    const cron = errorOf(resolveServiceTarget('shop/production/nightly', services, 'JOB'));
    expect(cron).toEqual({
      code: 'target-type-mismatch',
      message:
        'target_type is JOB, but service "shop/production/nightly" is a CRONJOB target: ' +
        "write target_type: CRONJOB, or leave target_type out and the service's type gives it.",
      candidates: [{ name: 'nightly', id: 's-nightly' }],
    });
    expect(errorOf(resolveServiceTarget('shop/production/api', services, 'CONTAINER')).code).toBe(
      'target-type-mismatch',
    );
  });

  it('refuses a service no alert can target', () => {
    const error = errorOf(resolveServiceTarget('shop/production/orders-db', services));
    expect(error.code).toBe('not-a-target');
    expect(error.message).toContain(
      'Service "shop/production/orders-db" is a DATABASE, which no alert can target',
    );
  });
});

describe('targetTypeOfService', () => {
  it('makes a CRON job a CRONJOB target and any other job a JOB target', () => {
    expect(targetTypeOfService({ type: 'JOB', jobType: 'CRON' })).toBe('CRONJOB');
    expect(targetTypeOfService({ type: 'JOB', jobType: 'LIFECYCLE' })).toBe('JOB');
    expect(targetTypeOfService({ type: 'JOB' })).toBe('JOB');
    expect(targetTypeOfService({ type: 'APPLICATION', jobType: 'CRON' })).toBe('APPLICATION');
    expect(targetTypeOfService({ type: 'ARGOCD_APP' })).toBeNull();
  });
});

describe('resolveEnvironmentTarget', () => {
  it('gives the ENVIRONMENT target of the named project only', () => {
    expect(resolveEnvironmentTarget('shop/production', projects, environments)).toEqual({
      ok: true,
      value: { target_type: 'ENVIRONMENT', target_id: 'e-prod' },
    });
    expect(
      resolveEnvironmentTarget({ project: ' TEAM/A', environment: 'Pre/Prod ' }, projects, environments),
    ).toEqual({ ok: true, value: { target_type: 'ENVIRONMENT', target_id: 'e-team' } });
  });

  it('refuses bad paths, unknown and ambiguous names at each level', () => {
    expect(
      errorOf(resolveEnvironmentTarget('shop/production/api', projects, environments)).message,
    ).toContain('has 3 parts, expected 2 (project/environment)');
    expect(errorOf(resolveEnvironmentTarget('/production', projects, environments)).message).toContain(
      'has an empty project name',
    );
    expect(errorOf(resolveEnvironmentTarget('shop/stagin', projects, environments)).candidates).toEqual([
      { name: 'staging', id: 'e-stage' },
    ]);
    const project = errorOf(resolveEnvironmentTarget('INTERNAL/prod', projects, environments));
    expect(project.code).toBe('ambiguous-name');
    expect(project.candidates.map((c) => c.id)).toEqual(['p-int1', 'p-int2']);
    const environment = errorOf(resolveEnvironmentTarget('blog/prod', projects, environments));
    expect(environment.code).toBe('ambiguous-name');
    expect(environment.message).toContain('target: {target_type: ENVIRONMENT, target_id: <id>}');
  });

  it('says when the named project has no environment in the lists', () => {
    expect(errorOf(resolveEnvironmentTarget('internal /prod', [projects[2]!], environments)).message).toBe(
      'No environment is named "prod" in project "internal". There is no environment in project "internal".',
    );
  });
});

describe('resolveProject and parseNamePath', () => {
  it('resolves a project by name', () => {
    expect(resolveProject('Blog', projects)).toEqual({ ok: true, value: { id: 'p-blog', name: 'blog' } });
  });

  it('gives the trimmed parts of a path', () => {
    expect(parseNamePath(' a / b ', ['project', 'environment'])).toEqual({ ok: true, value: ['a', 'b'] });
  });
});

// Names from a small alphabet, so that case, padding and near names all happen.
const name = fc.stringMatching(/^[a-cA-C][a-cA-C/_-]{0,5}$/);
const padding = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
const recase = (text: string, upper: readonly boolean[]) =>
  [...text].map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch.toLowerCase())).join('');

describe('resolving a name taken from the lists', () => {
  test.prop([
    fc.uniqueArray(name, { minLength: 1, maxLength: 8 }),
    fc.nat(),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
    padding,
    padding,
  ])('gives that entry when it is unique under the match rule', (names, pick, upper, before, after) => {
    const entries = names.map((n, i) => ({ id: `id-${i}`, name: n }));
    const chosen = entries[pick % entries.length]!;
    const written = `${before}${recase(chosen.name, upper)}${after}`;
    const same = entries.filter((e) => e.name.toLowerCase() === chosen.name.toLowerCase());
    const result = resolveCluster(written, entries);
    if (same.length === 1) expect(result).toEqual({ ok: true, value: chosen });
    else
      expect(
        errorOf(result)
          .candidates.map((c) => c.id)
          .sort(),
      ).toEqual(same.map((e) => e.id).sort());
  });

  test.prop([fc.tuple(name, name, name), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), padding])(
    'resolves a service through the mapping form whatever its names hold',
    ([p, e, s], upper, pad) => {
      const entry = service('s-1', s, 'HELM', { project: ['p-1', p], environment: ['e-1', e] });
      const others = [
        service('s-2', `${s}x`, 'APPLICATION', { project: ['p-1', p], environment: ['e-1', e] }),
        service('s-3', s, 'APPLICATION', { project: ['p-2', `${p}y`], environment: ['e-2', e] }),
      ];
      const reference = {
        project: pad + recase(p, upper),
        environment: recase(e, upper) + pad,
        service: recase(s, upper),
      };
      expect(resolveServiceTarget(reference, [...others, entry])).toEqual({
        ok: true,
        value: { target_type: 'HELM', target_id: 's-1' },
      });
    },
  );
});

describe('the closest names, offered alike by every name kind', () => {
  it('offers the environment a short name starts, as a typo is offered', () => {
    const error = errorOf(resolveEnvironmentTarget('shop/prod', projects, environments));
    expect(error.code).toBe('unknown-name');
    expect(error.candidates).toEqual([{ name: 'production', id: 'e-prod' }]);
    expect(error.message).toBe(
      'No environment is named "prod" in project "shop". Did you mean "production"?',
    );
    // The mapping form and the environment level of a service path alike.
    expect(
      errorOf(resolveEnvironmentTarget({ project: 'shop', environment: 'PROD' }, projects, environments))
        .candidates,
    ).toEqual([{ name: 'production', id: 'e-prod' }]);
    expect(errorOf(resolveServiceTarget('shop/prod/api', services)).message).toContain(
      'Did you mean "production"?',
    );
  });

  it('offers a cluster, project and service the same way', () => {
    expect(errorOf(resolveCluster('prod', clusters)).message).toBe(
      'No cluster is named "prod" in the organization. Did you mean "prod-eu" or "prod-us"?',
    );
    expect(errorOf(resolveProject('inter', projects)).candidates.map((c) => c.id)).toEqual([
      'p-int1',
      'p-int2',
    ]);
    expect(errorOf(resolveServiceTarget('shop/production/orders', services)).message).toContain(
      'Did you mean "orders-db"?',
    );
  });

  it('offers a typo before an abbreviation, nothing for a start of one or two letters, at most three', () => {
    const many: ClusterEntry[] = ['prod-eu-1', 'prod-eu-2', 'prod-eu-3', 'prod-eu-4', 'prd'].map((name) => ({
      id: `c-${name}`,
      name,
    }));
    expect(errorOf(resolveCluster('prod', many)).candidates.map((c) => c.name)).toEqual([
      'prd',
      'prod-eu-1',
      'prod-eu-2',
    ]);
    expect(errorOf(resolveCluster('pr', [{ id: 'c', name: 'production' }])).candidates).toEqual([]);
    // What was written may be the longer one: the name is the start of it.
    expect(
      errorOf(resolveCluster('production-europe-west', [{ id: 'c', name: 'production' }])).candidates,
    ).toEqual([{ id: 'c', name: 'production' }]);
  });
});
