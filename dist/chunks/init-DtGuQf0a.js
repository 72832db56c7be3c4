"use strict";var u=require("./chunk--MdDsynd.js");require("./chunk-H__zce2i.js");var m=require("node:fs"),o=require("node:path"),p=require("node:fs/promises");require("./chunk-CM0QFHBM.js");var h=require("./text-sknspW0o.js"),d=require("./chunk-Us68iE1V.js"),f=require("./chunk-FJOJSe4a.js"),v=Object.freeze({__proto__:null,executePlanned:u.q,runApply:u.W}),y=Object.freeze({__proto__:null,runDrift:d.l}),s="acme/platform-gitops";function l(e){return`https://raw.githubusercontent.com/${s}/v1/${e}`}var c={AlertRule:"schemas/alert-rule.schema.json",PlatformComponent:"schemas/platform-component.schema.json",any:"schemas/platform-gitops.schema.json"},a="platform";function g(e){return{path:".github/workflows/platform-gitops.yml",text:`# Alert rules and platform components as code (${s}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to main: apply the plan. schedule: drift check, one issue kept up to date. dispatch: any command.
name: platform
on:
  pull_request:
    paths: ['${a}/**']
  push:
    branches: [main]
    paths: ['${a}/**']
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
      - uses: ${s}@v1
        with:
          command: \${{ inputs.command || 'auto' }}
          paths: ${a}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${e??"${{ secrets.QOVERY_ORGANIZATION_ID }}"}
        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
`}}var w={path:`${a}/alert-rules/example.yaml`,text:`# An alert rule. Field names are the API's own; the full list: ${l(c.AlertRule)}
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
`},A={path:`${a}/components/example.yaml`,text:`# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${l(c.PlatformComponent)}
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
`};function _(){let e={"yaml.schemas":{[l(c.any)]:[`${a}/**/*.yaml`,`${a}/**/*.yml`]}};return{path:".vscode/settings.json",text:`${JSON.stringify(e,null,2)}
`}}async function $(e){let i=o.resolve(e.dir),t=[g(e.fromOrg?.organizationId??null),...e.fromOrg?await O(e.fromOrg,e.warn):[w],A,_()],n=t.filter(r=>m.existsSync(o.join(i,r.path))).map(r=>r.path);if(n.length>0)throw new h.e(`init writes nothing over existing files, and ${n.length===1?"this one is":"these are"} in the way in ${i}: ${n.join(", ")}. Move ${n.length===1?"it":"them"} away or choose another directory.`);if(e.dryRun){e.print(`init would write ${t.length} files in ${i} (--dry-run: nothing written):
`);for(let r of t)e.print(`
--- ${r.path}
${r.text}`);return 0}return await b(i,t),e.print(`wrote ${t.length} files in ${i}:
${t.map(r=>`  ${r.path}
`).join("")}`),e.print(I(e.fromOrg!==null)),0}async function O(e,i){let{documents:t,skipped:n}=await f.V(e.service(),e.organizationId);for(let r of n)i(r);return t.map(r=>({path:`${a}/alert-rules/${r.fileName}`,text:r.text}))}async function b(e,i){try{for(let t of i){let n=o.join(e,t.path);await p.mkdir(o.dirname(n),{recursive:!0}),await p.writeFile(n,t.text,{encoding:"utf8",flag:"wx"})}}catch(t){let n=t.code??t.message;throw new h.e(`init cannot write in ${e} (${n}): choose another directory`)}}function I(e){return`
Next:
  1. ${e?"Review the exported rules":"Replace the example ids with your clusters, targets and receivers"} in ${a}/, then: platform-gitops validate ${a}
  2. In the repository's settings on GitHub: the secret QOVERY_API_TOKEN${e?"":", the secret QOVERY_ORGANIZATION_ID and the secret GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment)"} (Settings → Secrets and variables → Actions).
  3. Commit and open a pull request: the workflow validates and shows the plan.
`}var N=Object.freeze({__proto__:null,runInit:$});exports.applyGK3PU3XZ=v,exports.drift2EGJEKVQ=y,exports.init6N7GABYW=N;
