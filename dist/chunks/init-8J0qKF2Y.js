"use strict";var p=require("./chunk-DwUFtc1k.js");require("./chunk-iQxG9zi6.js"),require("./chunk-Vy9DIeHA.js");var i=require("./scrub-y_CSx_i7.js"),m=require("node:fs/promises"),h=require("node:path"),f=require("./text-ptEcP1G0.js"),b=require("./chunk-DY0FkNwX.js"),A=require("node:fs");require("./chunk-Yb2zqHKt.js"),require("./chunk-BY-6n0fH.js");var v="main";async function _(e){let t=await k(e);if(t===null)return{name:v,from:"guess"};let r=await g(t,"refs/remotes/origin/HEAD");if(r?.startsWith("origin/"))return{name:r.slice(7),from:"origin"};let a=await g(t,"HEAD");return a?{name:a,from:"current"}:{name:v,from:"guess"}}async function g(e,t){let r=await b.a(e,["symbolic-ref","--quiet","--short",t]).catch(()=>null),a=r?.ok?r.stdout.toString("utf8").trim():"";return a===""?null:a}async function k(e){let t=e;for(;;){if((await m.stat(t).catch(()=>null))?.isDirectory())return t;let r=h.dirname(t);if(r===t)return null;t=r}}var o="platform",w={sha:"11bd71901bbe5b1630ceea73d27597364c9af683",tag:"v4.2.2"};function q(e){return/^[0-9a-f]{40}$/.test(e)}var d=30;function I(e){let t=e.organizationId??"${{ vars.QOVERY_ORGANIZATION_ID }}",r=e.pinSha===null?"actions/checkout@v4":`actions/checkout@${w.sha} # ${w.tag}`,a=e.pinSha===null?`${i.o$3}@${i.s}`:`${i.o$3}@${e.pinSha} # ${i.s}`,s=(l,u="")=>`    steps:
      - uses: ${r}
        with:
          fetch-depth: 0      # base revisions: changed components, prune, outside-edit detection
      - uses: ${a}
        with:
          command: ${l}
          paths: ${o}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${t}
${u}        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
${(e.secretVariables??[]).map(n=>`          ${n}: \${{ secrets.${n} }}
`).join("")}`,c="${{ inputs.command || 'auto' }}";return{path:$,text:`# Alert rules and platform components as code (${i.o$3}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to ${e.branch}: apply the plan. schedule: drift check, one issue and one pull request (the edits made
# outside git, written back into the documents) kept up to date. dispatch: any command.
name: platform
on:
  pull_request:
    paths: ['${o}/**']
  push:
    branches: [${e.branch}]
    paths: ['${o}/**']
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
    timeout-minutes: ${d}
    permissions:
      contents: read
      pull-requests: write   # the sticky plan comment
      checks: write          # the Checks run carrying every annotation
${s("auto")}
  apply:
    if: github.event_name == 'push' || (github.event_name == 'workflow_dispatch' && inputs.command != 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${d}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      pull-requests: read    # the pull request a pushed commit came from: the plan it reviewed
${s(c)}
  drift:
    if: github.event_name == 'schedule' || (github.event_name == 'workflow_dispatch' && inputs.command == 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${d}
    permissions:
      contents: write        # the drift pull request's branch (platform-gitops/drift), and only it
      checks: write          # the Checks run carrying every annotation
      issues: write          # the drift issue
      pull-requests: write   # the drift pull request; and the pull request each drifted rule came from
${s(c,`          drift-pull-request: true   # edits made outside git, proposed as a pull request
`)}`}}var $=".github/workflows/platform-gitops.yml",S={path:`${o}/alert-rules/example.yaml`,text:`# An alert rule. Field names are the API's own; the full list: ${i.h(i.g$1.AlertRule)}
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
`},y=f.m$2("slack-oncall","webhook_url"),x={path:`${o}/receivers/slack-oncall.yaml`,text:`# An alert receiver: who is paged. Field names are the API's own; the full list: ${i.h(i.g$1.AlertReceiver)}
# Alert rules name it in alert_receivers. Its secret is never written here: it is read from the environment.
kind: AlertReceiver
name: slack-oncall                       # what rules name it by; matched by name, or created
description: Pages the on-call engineer
type: SLACK                              # or EMAIL (to, from, smarthost, auth_username, auth_password)
send_resolved: true                      # a second message when the alert resolves
webhook_url:                             # the Slack incoming webhook, a secret: the workflow passes it
  valueFrom: { env: ${y} }   # from the repository secret of that name
`};function N(e){let t=e===null?"":`organization_id: ${e}
`;return{path:`${o}/components/example.yaml`,text:`# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${i.h(i.g$1.PlatformComponent)}
kind: PlatformComponent
${t}template:
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
`}}function O(){let e={"yaml.schemas":{[i.h(i.g$1.any)]:[`${o}/**/*.yaml`,`${o}/**/*.yml`]}};return{path:".vscode/settings.json",text:`${JSON.stringify(e,null,2)}
`}}async function R(e){let t=h.resolve(e.dir);if(e.pinSha!==null&&!q(e.pinSha))throw new i.e(`--pin-sha must be a full commit id (40 hexadecimal digits, as 'git rev-parse v1' prints it), not '${e.pinSha.slice(0,80)}'`);let r=await _(t),a=e.fromOrg?.organizationId??null,s=e.fromOrg?await D(e.fromOrg,e.warn):null,c=s?.variables.map(n=>n.name)??[y],l=[I({branch:r.name,organizationId:a,pinSha:e.pinSha,secretVariables:c}),...s?s.files:[S,x],N(a),O()],u=l.filter(n=>A.existsSync(h.join(t,n.path))).map(n=>n.path);if(u.length>0)throw new i.e(`init writes nothing over existing files, and ${u.length===1?"this one is":"these are"} in the way in ${t}: ${u.join(", ")}. Move ${u.length===1?"it":"them"} away or choose another directory.`);if(r.from==="guess"&&e.warn(`no git branch found for ${t}: the workflow applies pushes to '${r.name}'; change 'branches:' in ${$} if the default branch is another`),e.dryRun){e.print(`init would write ${l.length} files in ${t} (--dry-run: nothing written):
`);for(let n of l)e.print(`
--- ${n.path}
${n.text}`);return 0}return await E(t,l),e.print(`wrote ${l.length} files in ${t}:
${l.map(n=>`  ${n.path}
`).join("")}`),e.print(P(e.fromOrg!==null,r.name,c)),0}async function D(e,t){let r=e.service(),a=f.d(r),{documents:s,skipped:c,warnings:l}=await p.Ce(r,e.organizationId,{names:!0,directory:a}),u=await p.De(a,e.organizationId);for(let n of[...c,...u.notes])t(n);for(let n of l)t(n.message);return{files:[...s.map(n=>({path:`${o}/alert-rules/${n.fileName}`,text:n.text})),...u.documents.map(n=>({path:`${o}/${p.fe}/${n.fileName}`,text:n.text}))],variables:u.variables}}async function E(e,t){try{for(let r of t){let a=h.join(e,r.path);await m.mkdir(h.dirname(a),{recursive:!0}),await m.writeFile(a,r.text,{encoding:"utf8",flag:"wx"})}}catch(r){let a=r.code??r.message;throw new i.e(`init cannot write in ${e} (${a}): choose another directory`)}}function P(e,t,r){let a=["QOVERY_API_TOKEN",...r.map(s=>e?`${s} (an exported receiver's secret, never exported itself)`:`${s} (the example receiver's Slack webhook; delete the receiver and the env line if you do not use it)`),"GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment; delete the component and the env line if you do not use it)"];return`
Next:
  1. ${e?"Review the exported rules, and replace the example component's cluster id and values":"Replace the example names with your clusters, targets and receivers"} in ${o}/, then: platform-gitops validate ${o}
  2. In the repository's settings on GitHub (Settings → Secrets and variables → Actions), the secrets:
${a.map(s=>`     - ${s}
`).join("")}${e?"":`     and the variable (Variables tab) QOVERY_ORGANIZATION_ID: your organization's id
`}  3. Commit and open a pull request: the workflow validates and shows the plan; merging to '${t}' applies it.
`}exports.runInit=R;
