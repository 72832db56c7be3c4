/**
 * What `platform-gitops init` writes: the workflow the README recommends, one commented example document
 * of each kind, and editor settings that give every document of every file its schema.
 */
import { MAJOR_TAG, publishedFileUrl, REPOSITORY, SCHEMA_FILES } from '../core/published.js';

/** The documents directory, relative to the repository root. */
export const DOCUMENTS_DIR = 'platform';

export interface InitFile {
  /** Relative to the new repository's root, with forward slashes. */
  readonly path: string;
  readonly text: string;
}

export function workflowFile(organizationId: string | null): InitFile {
  // Without an id, a repository secret (not a variable: the `vars` context is newer than some workflow
  // linters, and a secret is masked in logs, which does no harm here).
  const organization = organizationId ?? `\${{ secrets.QOVERY_ORGANIZATION_ID }}`;
  return {
    path: '.github/workflows/platform-gitops.yml',
    text: `# Alert rules and platform components as code (${REPOSITORY}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to main: apply the plan. schedule: drift check, one issue kept up to date. dispatch: any command.
name: platform
on:
  pull_request:
    paths: ['${DOCUMENTS_DIR}/**']
  push:
    branches: [main]
    paths: ['${DOCUMENTS_DIR}/**']
  schedule:
    - cron: '17 6 * * *'
  workflow_dispatch:
    inputs:
      command:
        type: choice
        options: [plan, apply, drift, validate]
        default: plan

permissions:
  contents: read
  pull-requests: write   # the sticky plan comment
  checks: write          # the Checks run carrying every annotation
  issues: write          # the drift issue

# Everything that may write (push, schedule, dispatch) shares one group: a newer run waits for the running
# apply instead of racing it, and is never cancelled halfway. Pull requests only read: one group per branch.
concurrency:
  group: \${{ github.event_name == 'pull_request' && format('platform-gitops-{0}', github.ref) || 'platform-gitops-writes' }}
  cancel-in-progress: false

jobs:
  platform:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0      # base revisions: changed components, prune, outside-edit detection
      - uses: ${REPOSITORY}@${MAJOR_TAG}
        with:
          command: \${{ inputs.command || 'auto' }}
          paths: ${DOCUMENTS_DIR}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${organization}
        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
`,
  };
}

export const EXAMPLE_ALERT_RULE: InitFile = {
  path: `${DOCUMENTS_DIR}/alert-rules/example.yaml`,
  text: `# An alert rule. Field names are the API's own; the full list: ${publishedFileUrl(SCHEMA_FILES.AlertRule)}
# Several rules may share a file, separated by a line '---'.
kind: AlertRule
# id: a2a2a2a2-0000-4000-8000-000000000501   # the live rule this document manages; without it the rule is
#                                            # matched by cluster_id + name, or created
cluster_id: c1a5e7e0-0000-4000-8000-000000000101   # replace with your cluster's id
target:                                  # what the rule watches; needed to create, immutable afterwards
  target_type: APPLICATION
  target_id: a1a1a1a1-0000-4000-8000-000000000301
name: api-p99-latency
description: p99 latency of the public API
condition:
  kind: CUSTOM
  promql: histogram_quantile(0.99, sum by (le) (rate(http_server_request_duration_seconds_bucket{app="api"}[5m])))
  operator: ABOVE
  threshold: 0.5
  function: NONE
for_duration: PT5M                       # ISO-8601 duration
severity: HIGH                           # LOW, MEDIUM, HIGH or CRITICAL
enabled: true
alert_receiver_ids:                      # or by name: alert_receivers: [slack-oncall]
  - 5e1ec7ed-0000-4000-8000-000000000201
presentation:
  summary: API p99 latency is above 500 ms
`,
};

export const EXAMPLE_COMPONENT: InitFile = {
  path: `${DOCUMENTS_DIR}/components/example.yaml`,
  text: `# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${publishedFileUrl(SCHEMA_FILES.PlatformComponent)}
kind: PlatformComponent
template:
  key: aws-standard
  version: 1.4.0
component: observability
cluster:
  mode: QOVERY_MANAGED                   # or CUSTOMER_MANAGED
  provider: AWS
  id: c1a5e7e0-0000-4000-8000-000000000101   # replace with your cluster's id
profileConfig:                           # the template's profile settings for this component
  retentionDays: 30
  storage: 200Gi
  grafanaAdminPassword:                  # sensitive: never written here; read from the environment, which
    valueFrom: { env: GRAFANA_ADMIN_PASSWORD }   # the workflow fills from the secret of that name
clusterInputs:                           # values the template needs from the cluster
  s3BucketName: acme-prod-eu-observability
componentOutputs: {}                     # componentKey → (input → value)
`,
};

/** A modeline covers the first document of a file only; a mapping here covers every document. */
export function editorSettingsFile(): InitFile {
  const settings = {
    'yaml.schemas': {
      [publishedFileUrl(SCHEMA_FILES.any)]: [`${DOCUMENTS_DIR}/**/*.yaml`, `${DOCUMENTS_DIR}/**/*.yml`],
    },
  };
  return { path: '.vscode/settings.json', text: `${JSON.stringify(settings, null, 2)}\n` };
}
