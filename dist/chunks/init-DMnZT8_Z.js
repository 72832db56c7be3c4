"use strict";var $=require("./chunk-KmmRS6PZ.js");require("./chunk-CqDWFoTy.js");var A=require("./chunk-CG1d7a8_.js"),b=require("../cli.js"),c=require("./chunk-N0Xaexwz.js"),_=require("node:fs"),l=require("node:path");require("./chunk-CdYdfQyU.js");var h=require("node:fs/promises"),g="main";async function k(e){let t=await O(e);if(t===null)return{name:g,from:"guess"};let n=await v(t,"refs/remotes/origin/HEAD");if(n?.startsWith("origin/"))return{name:n.slice(7),from:"origin"};let r=await v(t,"HEAD");return r?{name:r,from:"current"}:{name:g,from:"guess"}}async function v(e,t){let n=await A.a(e,["symbolic-ref","--quiet","--short",t]).catch(()=>null),r=n?.ok?n.stdout.toString("utf8").trim():"";return r===""?null:r}async function O(e){let t=e;for(;;){if((await h.stat(t).catch(()=>null))?.isDirectory())return t;let n=l.dirname(t);if(n===t)return null;t=n}}var u=I(b.i.repository.url);function I(e){let t=/github\.com[/:]([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(e);if(!t?.[1])throw new Error(`package.json's repository.url is not a GitHub repository: ${e}`);return t[1]}var p="v1";function m(e){return`https://raw.githubusercontent.com/${u}/${p}/${e}`}var d={AlertRule:"schemas/alert-rule.schema.json",PlatformComponent:"schemas/platform-component.schema.json",any:"schemas/platform-gitops.schema.json"},s="platform",w={sha:"11bd71901bbe5b1630ceea73d27597364c9af683",tag:"v4.2.2"};function S(e){return/^[0-9a-f]{40}$/.test(e)}var f=30;function N(e){let t=e.organizationId??"${{ secrets.QOVERY_ORGANIZATION_ID }}",n=e.pinSha===null?"actions/checkout@v4":`actions/checkout@${w.sha} # ${w.tag}`,r=e.pinSha===null?`${u}@${p}`:`${u}@${e.pinSha} # ${p}`,a=i=>`    steps:
      - uses: ${n}
        with:
          fetch-depth: 0      # base revisions: changed components, prune, outside-edit detection
      - uses: ${r}
        with:
          command: ${i}
          paths: ${s}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${t}
        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
`,o="${{ inputs.command || 'auto' }}";return{path:y,text:`# Alert rules and platform components as code (${u}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to ${e.branch}: apply the plan. schedule: drift check, one issue kept up to date. dispatch: any command.
name: platform
on:
  pull_request:
    paths: ['${s}/**']
  push:
    branches: [${e.branch}]
    paths: ['${s}/**']
  schedule:
    - cron: '17 6 * * *'
  workflow_dispatch:
    inputs:
      command:
        description: What to run (apply writes to the service; drift updates the drift issue)
        type: choice
        options: [plan, apply, drift, validate]
        default: plan

# Nothing by default: each job asks for what it writes.
permissions: {}

# Everything that may write (push, schedule, dispatch) shares one group: a newer run waits for the running
# apply instead of racing it, and is never cancelled halfway. Pull requests only read: one group per branch.
concurrency:
  group: \${{ github.event_name == 'pull_request' && format('platform-gitops-{0}', github.ref) || 'platform-gitops-writes' }}
  cancel-in-progress: false

jobs:
  plan:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: ${f}
    permissions:
      contents: read
      pull-requests: write   # the sticky plan comment
      checks: write          # the Checks run carrying every annotation
${a("auto")}
  apply:
    if: github.event_name == 'push' || (github.event_name == 'workflow_dispatch' && inputs.command != 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${f}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      pull-requests: read    # the pull request a pushed commit came from: the plan it reviewed
${a(o)}
  drift:
    if: github.event_name == 'schedule' || (github.event_name == 'workflow_dispatch' && inputs.command == 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${f}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      issues: write          # the drift issue
      pull-requests: read    # the pull request each drifted rule came from
${a(o)}`}}var y=".github/workflows/platform-gitops.yml",q={path:`${s}/alert-rules/example.yaml`,text:`# An alert rule. Field names are the API's own; the full list: ${m(d.AlertRule)}
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
`};function R(e){let t=e===null?"":`organization_id: ${e}
`;return{path:`${s}/components/example.yaml`,text:`# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${m(d.PlatformComponent)}
kind: PlatformComponent
${t}template:
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
`}}function x(){let e={"yaml.schemas":{[m(d.any)]:[`${s}/**/*.yaml`,`${s}/**/*.yml`]}};return{path:".vscode/settings.json",text:`${JSON.stringify(e,null,2)}
`}}async function E(e){let t=l.resolve(e.dir);if(e.pinSha!==null&&!S(e.pinSha))throw new c.e(`--pin-sha must be a full commit id (40 hexadecimal digits, as 'git rev-parse v1' prints it), not '${e.pinSha.slice(0,80)}'`);let n=await k(t),r=e.fromOrg?.organizationId??null,a=[N({branch:n.name,organizationId:r,pinSha:e.pinSha}),...e.fromOrg?await D(e.fromOrg,e.warn):[q],R(r),x()],o=a.filter(i=>_.existsSync(l.join(t,i.path))).map(i=>i.path);if(o.length>0)throw new c.e(`init writes nothing over existing files, and ${o.length===1?"this one is":"these are"} in the way in ${t}: ${o.join(", ")}. Move ${o.length===1?"it":"them"} away or choose another directory.`);if(n.from==="guess"&&e.warn(`no git branch found for ${t}: the workflow applies pushes to '${n.name}'; change 'branches:' in ${y} if the default branch is another`),e.dryRun){e.print(`init would write ${a.length} files in ${t} (--dry-run: nothing written):
`);for(let i of a)e.print(`
--- ${i.path}
${i.text}`);return 0}return await P(t,a),e.print(`wrote ${a.length} files in ${t}:
${a.map(i=>`  ${i.path}
`).join("")}`),e.print(G(e.fromOrg!==null,n.name)),0}async function D(e,t){let{documents:n,skipped:r}=await $.M(e.service(),e.organizationId);for(let a of r)t(a);return n.map(a=>({path:`${s}/alert-rules/${a.fileName}`,text:a.text}))}async function P(e,t){try{for(let n of t){let r=l.join(e,n.path);await h.mkdir(l.dirname(r),{recursive:!0}),await h.writeFile(r,n.text,{encoding:"utf8",flag:"wx"})}}catch(n){let r=n.code??n.message;throw new c.e(`init cannot write in ${e} (${r}): choose another directory`)}}function G(e,t){let n=["QOVERY_API_TOKEN",...e?[]:["QOVERY_ORGANIZATION_ID"],"GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment; delete the component and the env line if you do not use it)"];return`
Next:
  1. ${e?"Review the exported rules, and replace the example component's cluster id and values":"Replace the example ids with your clusters, targets and receivers"} in ${s}/, then: platform-gitops validate ${s}
  2. In the repository's settings on GitHub (Settings → Secrets and variables → Actions), the secrets:
${n.map(r=>`     - ${r}
`).join("")}  3. Commit and open a pull request: the workflow validates and shows the plan; merging to '${t}' applies it.
`}exports.runInit=E;
