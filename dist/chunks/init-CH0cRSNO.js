"use strict";var h=require("./chunk-CiDYj8Jz.js");require("./chunk-DakZCE5R.js");var m=require("./chunk-BGBVUqoo.js");require("./chunk-BDSFkTPm.js"),require("./chunk-CCuTvHVu.js");var d=require("node:fs/promises"),c=require("node:path"),_=require("./text-BIrjKwA3.js"),k=require("./chunk-Cs90r5Cf.js"),S=require("node:fs"),I=require("../cli.js"),$="main";async function O(e){let t=await q(e);if(t===null)return{name:$,from:"guess"};let r=await w(t,"refs/remotes/origin/HEAD");if(r?.startsWith("origin/"))return{name:r.slice(7),from:"origin"};let n=await w(t,"HEAD");return n?{name:n,from:"current"}:{name:$,from:"guess"}}async function w(e,t){let r=await k.a(e,["symbolic-ref","--quiet","--short",t]).catch(()=>null),n=r?.ok?r.stdout.toString("utf8").trim():"";return n===""?null:n}async function q(e){let t=e;for(;;){if((await d.stat(t).catch(()=>null))?.isDirectory())return t;let r=c.dirname(t);if(r===t)return null;t=r}}var p=N(I.i.repository.url);function N(e){let t=/github\.com[/:]([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(e);if(!t?.[1])throw new Error(`package.json's repository.url is not a GitHub repository: ${e}`);return t[1]}var f="v1";function v(e){return`https://raw.githubusercontent.com/${p}/${f}/${e}`}var g={AlertRule:"schemas/alert-rule.schema.json",PlatformComponent:"schemas/platform-component.schema.json",any:"schemas/platform-gitops.schema.json"},o="platform",b={sha:"11bd71901bbe5b1630ceea73d27597364c9af683",tag:"v4.2.2"};function x(e){return/^[0-9a-f]{40}$/.test(e)}var y=30;function R(e){let t=e.organizationId??"${{ secrets.QOVERY_ORGANIZATION_ID }}",r=e.pinSha===null?"actions/checkout@v4":`actions/checkout@${b.sha} # ${b.tag}`,n=e.pinSha===null?`${p}@${f}`:`${p}@${e.pinSha} # ${f}`,i=l=>`    steps:
      - uses: ${r}
        with:
          fetch-depth: 0      # base revisions: changed components, prune, outside-edit detection
      - uses: ${n}
        with:
          command: ${l}
          paths: ${o}/
          api-token: \${{ secrets.QOVERY_API_TOKEN }}   # Settings → Secrets and variables → Actions
          organization-id: ${t}
        # Sensitive component values are never committed: a document says valueFrom: {env: NAME} and
        # the step passes the secret by that name.
        env:
          GRAFANA_ADMIN_PASSWORD: \${{ secrets.GRAFANA_ADMIN_PASSWORD }}
${(e.secretVariables??[]).map(s=>`          ${s}: \${{ secrets.${s} }}
`).join("")}`,u="${{ inputs.command || 'auto' }}";return{path:A,text:`# Alert rules and platform components as code (${p}).
# pull_request: validate, resolve the changed components, plan (never writes to the service).
# push to ${e.branch}: apply the plan. schedule: drift check, one issue kept up to date. dispatch: any command.
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
        description: What to run (apply writes to the service; drift updates the drift issue; test-receivers sends a test message to each receiver)
        type: choice
        options: [plan, apply, drift, validate, test-receivers]
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
    timeout-minutes: ${y}
    permissions:
      contents: read
      pull-requests: write   # the sticky plan comment
      checks: write          # the Checks run carrying every annotation
${i("auto")}
  apply:
    if: github.event_name == 'push' || (github.event_name == 'workflow_dispatch' && inputs.command != 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${y}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      pull-requests: read    # the pull request a pushed commit came from: the plan it reviewed
${i(u)}
  drift:
    if: github.event_name == 'schedule' || (github.event_name == 'workflow_dispatch' && inputs.command == 'drift')
    runs-on: ubuntu-latest
    timeout-minutes: ${y}
    permissions:
      contents: read
      checks: write          # the Checks run carrying every annotation
      issues: write          # the drift issue
      pull-requests: read    # the pull request each drifted rule came from
${i(u)}`}}var A=".github/workflows/platform-gitops.yml",D={path:`${o}/alert-rules/example.yaml`,text:`# An alert rule. Field names are the API's own; the full list: ${v(g.AlertRule)}
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
`};function E(e){let t=e===null?"":`organization_id: ${e}
`;return{path:`${o}/components/example.yaml`,text:`# The configuration of one component of a platform template, resolved by the service on every pull
# request that changes it. The full list of fields: ${v(g.PlatformComponent)}
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
`}}function C(){let e={"yaml.schemas":{[v(g.any)]:[`${o}/**/*.yaml`,`${o}/**/*.yml`]}};return{path:".vscode/settings.json",text:`${JSON.stringify(e,null,2)}
`}}async function j(e){let t=c.resolve(e.dir);if(e.pinSha!==null&&!x(e.pinSha))throw new m.e(`--pin-sha must be a full commit id (40 hexadecimal digits, as 'git rev-parse v1' prints it), not '${e.pinSha.slice(0,80)}'`);let r=await O(t),n=e.fromOrg?.organizationId??null,i=e.fromOrg?await P(e.fromOrg,e.warn):null,u=i?.variables.map(a=>a.name)??[],l=[R({branch:r.name,organizationId:n,pinSha:e.pinSha,secretVariables:u}),...i?i.files:[D],E(n),C()],s=l.filter(a=>S.existsSync(c.join(t,a.path))).map(a=>a.path);if(s.length>0)throw new m.e(`init writes nothing over existing files, and ${s.length===1?"this one is":"these are"} in the way in ${t}: ${s.join(", ")}. Move ${s.length===1?"it":"them"} away or choose another directory.`);if(r.from==="guess"&&e.warn(`no git branch found for ${t}: the workflow applies pushes to '${r.name}'; change 'branches:' in ${A} if the default branch is another`),e.dryRun){e.print(`init would write ${l.length} files in ${t} (--dry-run: nothing written):
`);for(let a of l)e.print(`
--- ${a.path}
${a.text}`);return 0}return await M(t,l),e.print(`wrote ${l.length} files in ${t}:
${l.map(a=>`  ${a.path}
`).join("")}`),e.print(G(e.fromOrg!==null,r.name,u)),0}async function P(e,t){let r=e.service(),n=_.d(r),{documents:i,skipped:u,warnings:l}=await h.le(r,e.organizationId,{names:!0,directory:n}),s=await h.Y(n,e.organizationId);for(let a of[...u,...s.notes])t(a);for(let a of l)t(a.message);return{files:[...i.map(a=>({path:`${o}/alert-rules/${a.fileName}`,text:a.text})),...s.documents.map(a=>({path:`${o}/${h.q}/${a.fileName}`,text:a.text}))],variables:s.variables}}async function M(e,t){try{for(let r of t){let n=c.join(e,r.path);await d.mkdir(c.dirname(n),{recursive:!0}),await d.writeFile(n,r.text,{encoding:"utf8",flag:"wx"})}}catch(r){let n=r.code??r.message;throw new m.e(`init cannot write in ${e} (${n}): choose another directory`)}}function G(e,t,r){let n=["QOVERY_API_TOKEN",...e?[]:["QOVERY_ORGANIZATION_ID"],...r.map(i=>`${i} (an exported receiver's secret, never exported itself)`),"GRAFANA_ADMIN_PASSWORD (the example component reads it from the environment; delete the component and the env line if you do not use it)"];return`
Next:
  1. ${e?"Review the exported rules, and replace the example component's cluster id and values":"Replace the example ids with your clusters, targets and receivers"} in ${o}/, then: platform-gitops validate ${o}
  2. In the repository's settings on GitHub (Settings → Secrets and variables → Actions), the secrets:
${n.map(i=>`     - ${i}
`).join("")}  3. Commit and open a pull request: the workflow validates and shows the plan; merging to '${t}' applies it.
`}exports.runInit=j;
