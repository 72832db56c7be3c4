/**
 * What `platform-gitops init` writes: the workflow the README recommends, one commented example document
 * of each kind, and editor settings that give every document of every file its schema.
 */
import { MAJOR_TAG, publishedFileUrl, REPOSITORY, SCHEMA_FILES } from '../core/published.js';
import { receiverSecretEnvName } from '../documents/receiver-secrets.js';

/** The documents directory, relative to the repository root. */
export const DOCUMENTS_DIR = 'platform';

export interface InitFile {
  /** Relative to the new repository's root, with forward slashes. */
  readonly path: string;
  readonly text: string;
}

/** What the workflow is generated for: the push branch, the organization, and how actions are pinned. */
export interface WorkflowOptions {
  /** The branch whose pushes are applied (the repository's default branch). */
  readonly branch: string;
  /** Written into the workflow; null: read from the QOVERY_ORGANIZATION_ID variable (`vars.`). */
  readonly organizationId: string | null;
  /** A commit of the action to pin by (`--pin-sha`); null: the major tag. */
  readonly pinSha: string | null;
  /** Variables exported receivers read their secrets from: each passed from the secret of its name. */
  readonly secretVariables?: readonly string[];
}

/**
 * actions/checkout by the commit of its release, for `--pin-sha`: a tag can be moved, a commit cannot
 * (GitHub's security hardening guide). Updated with the release it names.
 */
export const CHECKOUT_PINNED = { sha: '11bd71901bbe5b1630ceea73d27597364c9af683', tag: 'v4.2.2' } as const;

/** A full commit id, as `uses:` pins by: 40 hexadecimal digits. */
export function isCommitSha(text: string): boolean {
  return /^[0-9a-f]{40}$/.test(text);
}

/** How long a job may run: an apply paced by the service's hourly rate limit may wait, never forever. */
const TIMEOUT_MINUTES = 30;

/**
 * Three jobs, one per kind of run, each granted only what it writes on GitHub: the pull request's plan
 * (its comment and Checks run), the apply of a push or a dispatched command (its Checks run), the drift
 * check (its Checks run, the drift issue, and the drift pull request: `contents: write` for its one branch,
 * `pull-requests: write`). `pull-requests: read` lets the apply find the pull request a commit came from
 * (the review it passed, the rows' links).
 */
export function workflowFile(options: WorkflowOptions): InitFile {
  // Without an id, a repository variable: an organization id is no secret, and a secret's value is masked
  // (`***`) wherever it appears in the logs, the ids of every link and message included.
  const organization = options.organizationId ?? `\${{ vars.QOVERY_ORGANIZATION_ID }}`;
  const checkout =
    options.pinSha === null
      ? 'actions/checkout@v4'
      : `actions/checkout@${CHECKOUT_PINNED.sha} # ${CHECKOUT_PINNED.tag}`;
  const action =
    options.pinSha === null ? `${REPOSITORY}@${MAJOR_TAG}` : `${REPOSITORY}@${options.pinSha} # ${MAJOR_TAG}`;
  const steps = (command: string, extra = '') => `    steps:
      - uses: ${checkout}
        with:
          fetch-depth: 0      # base revisions: changed components, prune, outside-edit detection
      - uses: ${action}
        with:
          command: ${command}
          paths: ${DOCUMENTS_DIR}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${organization}
${extra}        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
${(options.secretVariables ?? []).map((name) => `          ${name}: \${{ secrets.${name} }}\n`).join('')}`;
  const dispatched = `\${{ inputs.command || 'auto' }}`;
  return {
    path: WORKFLOW_PATH,
    text: `# Alert rules and platform components as code (${REPOSITORY}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to ${options.branch}: apply the plan. schedule: drift check, one issue and one pull request (the edits made
# outside git, written back into the documents) kept up to date. dispatch: any command.
name: platform
on:
  pull_request:
    paths: ['${DOCUMENTS_DIR}/**']
  push:
    branches: [${options.branch}]
    paths: ['${DOCUMENTS_DIR}/**']
  schedule:
    - cron: '17 6 * * *'
  workflow_dispatch:
    inputs:
      command:
        description: What to run (apply writes to the service; drift updates the drift issue and pull request; test-receivers sends a test message to each receiver)
        type: choice
        options: [plan, apply, drift, validate, test-receivers]
        default: plan

# Nothing by default: each job asks for what it writes.
permissions: {}

# Everything that may write (push, schedule, dispatch) shares one group: a newer run waits for the running
# one instead of racing it. \`queue: max\` keeps every waiting run, in order (up to 100 per group): without
# it GitHub keeps one and cancels it when another arrives, and a merge queued behind an apply would be
# cancelled by the drift check or a dispatch, its changes seen later as drift instead of applied.
# No run is cancelled, running or waiting: not an apply, not a drift check, not a dispatch. Pull requests
# only read: one group per branch, their plans queued in order too (the last comment is the newest commit's).
concurrency:
  group: \${{ github.event_name == 'pull_request' && format('platform-gitops-{0}', github.ref) || 'platform-gitops-writes' }}
  cancel-in-progress: false
  queue: max

jobs:
  plan:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: ${TIMEOUT_MINUTES}
    permissions:
      contents: read
      pull-requests: write   # the sticky plan comment
      checks: write          # the Checks run carrying every annotation
${steps('auto')}
  apply:
    if: github.event_name == 'push' || (github.event_name == 'workflow_dispatch' && inputs.command != 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${TIMEOUT_MINUTES}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      pull-requests: read    # the pull request a pushed commit came from: the plan it reviewed
${steps(dispatched)}
  drift:
    if: github.event_name == 'schedule' || (github.event_name == 'workflow_dispatch' && inputs.command == 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${TIMEOUT_MINUTES}
    permissions:
      contents: write        # the drift pull request's branch (platform-gitops/drift), and only it
      checks: write          # the Checks run carrying every annotation
      issues: write          # the drift issue
      pull-requests: write   # the drift pull request; and the pull request each drifted rule came from
${steps(dispatched, '          drift-pull-request: true   # edits made outside git, proposed as a pull request\n')}`,
  };
}

/** Where the workflow is written, relative to the repository root. */
export const WORKFLOW_PATH = '.github/workflows/platform-gitops.yml';

export const EXAMPLE_ALERT_RULE: InitFile = {
  path: `${DOCUMENTS_DIR}/alert-rules/example.yaml`,
  text: `# An alert rule. Field names are the API's own; the full list: ${publishedFileUrl(SCHEMA_FILES.AlertRule)}
# Several rules may share a file, separated by a line '---'.
kind: AlertRule
# id: a2a2a2a2-0000-4000-8000-000000000501   # the live rule this document manages; without it the rule is
#                                            # matched by cluster + name, or created
cluster: prod-eu                         # your cluster's name (or cluster_id: <its id>)
target:                                  # what the rule watches; needed to create, immutable afterwards
  service: shop/production/api           # project/environment/service; its type gives target_type
  # or environment: shop/production, cluster: prod-eu, or target_type + target_id
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
alert_receivers:                         # by name (or by id: alert_receiver_ids)
  - slack-oncall
presentation:
  summary: API p99 latency is above 500 ms
`,
};

/** The variable the example receiver's webhook is read from: the name `export` would give it. */
export const EXAMPLE_RECEIVER_SECRET = receiverSecretEnvName('slack-oncall', 'webhook_url');

/**
 * The receiver the example rule names (`alert_receivers: [slack-oncall]`): without it the rule's receiver
 * is unknown until one of that name exists at the service. Its webhook comes from the environment, which
 * the workflow fills from the secret of that name (the next steps say so).
 */
export const EXAMPLE_ALERT_RECEIVER: InitFile = {
  path: `${DOCUMENTS_DIR}/receivers/slack-oncall.yaml`,
  text: `# An alert receiver: who is paged. Field names are the API's own; the full list: ${publishedFileUrl(SCHEMA_FILES.AlertReceiver)}
# Alert rules name it in alert_receivers. Its secret is never written here: it is read from the environment.
kind: AlertReceiver
name: slack-oncall                       # what rules name it by; matched by name, or created
description: Pages the on-call engineer
type: SLACK                              # or EMAIL (to, from, smarthost, auth_username, auth_password)
send_resolved: true                      # a second message when the alert resolves
webhook_url:                             # the Slack incoming webhook, a secret: the workflow passes it
  valueFrom: { env: ${EXAMPLE_RECEIVER_SECRET} }   # from the repository secret of that name
`,
};

/**
 * One component, resolved by the service on every pull request that changes it. It names its organization
 * when one is known (`--from-org`), as an exported rule does; otherwise the workflow's organization-id
 * applies. Its one sensitive value comes from the GRAFANA_ADMIN_PASSWORD secret (the next steps say so).
 */
export function exampleComponent(organizationId: string | null): InitFile {
  const organization = organizationId === null ? '' : `organization_id: ${organizationId}\n`;
  return {
    path: `${DOCUMENTS_DIR}/components/example.yaml`,
    text: `# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${publishedFileUrl(SCHEMA_FILES.PlatformComponent)}
kind: PlatformComponent
${organization}template:
  key: aws-standard
  version: 1.4.0
component: observability
cluster:
  mode: QOVERY_MANAGED                   # or CUSTOMER_MANAGED
  provider: AWS
  name: prod-eu                          # your cluster's name (or id: <its id>)
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
}

/** A modeline covers the first document of a file only; a mapping here covers every document. */
export function editorSettingsFile(): InitFile {
  const settings = {
    'yaml.schemas': {
      [publishedFileUrl(SCHEMA_FILES.any)]: [`${DOCUMENTS_DIR}/**/*.yaml`, `${DOCUMENTS_DIR}/**/*.yml`],
    },
  };
  return { path: '.vscode/settings.json', text: `${JSON.stringify(settings, null, 2)}\n` };
}
