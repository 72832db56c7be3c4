#!/usr/bin/env node
import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a as g}from"./chunks/chunk-AOTW6KWJ.js";import{a as s}from"./chunks/chunk-6SCXRUPL.js";import{a as y}from"./chunks/chunk-3JHHXW3H.js";import"./chunks/chunk-EEEC4TXW.js";var h={name:"platform-gitops",version:"0.1.0",description:"GitOps for alert rules and platform components: validate, plan, apply and drift-check YAML against the service API, as a GitHub Action and a CLI.",license:"MIT",type:"module",private:!0,engines:{node:">=20.18.1"},bin:{"platform-gitops":"dist/cli.js"},files:["dist","schemas","action.yml"],scripts:{build:"node scripts/build.mjs",typecheck:"tsc --noEmit -p tsconfig.json",lint:"biome check .",format:"biome check --write .",test:"vitest run","test:e2e":"vitest run test/e2e","check-dist":"node scripts/check-dist.mjs",docs:"node scripts/generate-docs.mjs","check-docs":"node scripts/generate-docs.mjs --check",demo:"node dist/cli.js demo",bench:"node bench/run.mjs"},dependencies:{"@actions/core":"^3.0.1","@actions/github":"^9.1.1","@octokit/plugin-retry":"^8.1.1","@octokit/plugin-throttling":"^11.0.5",ajv:"^8.20.0","ajv-formats":"^3.0.1",undici:"^6.29.1",yaml:"^2.9.1"},devDependencies:{"@biomejs/biome":"2.5.15","@types/node":"^20.19.43",esbuild:"^0.28.2",typescript:"~5.9",vitest:"^4.1.12"}};import{parseArgs as O}from"node:util";var b=["text","json","github"];var c=["validate","plan","apply","drift","logs","export","sandbox","demo"],m=["format","api-url","org","root","concurrency","fail-on","color","no-color"],I={validate:["format","root","fail-on","color","no-color"],plan:[...m,"detailed-exitcode","base","head","all"],apply:[...m,"base","head","prune","all"],drift:[...m,"remediate","base","head"],logs:["format","api-url","org","cluster","entries","color","no-color"],export:["format","api-url","org","out","root","color","no-color"],sandbox:["port","seed"],demo:["color","no-color"]},P={format:{type:"string"},"api-url":{type:"string"},org:{type:"string"},root:{type:"string"},base:{type:"string"},head:{type:"string"},concurrency:{type:"string"},"fail-on":{type:"string"},"detailed-exitcode":{type:"boolean"},all:{type:"boolean"},prune:{type:"boolean"},remediate:{type:"boolean"},cluster:{type:"string"},entries:{type:"string"},out:{type:"string"},port:{type:"string"},seed:{type:"string"},color:{type:"boolean"},"no-color":{type:"boolean"},token:{type:"string"},"api-token":{type:"string"},help:{type:"boolean",short:"h"},version:{type:"boolean",short:"V"}};function u(r,e,n,t,l){if(e===void 0)return n;let o=Number(e);if(!/^\d+$/.test(e)||!Number.isSafeInteger(o)||o<t||o>l)throw new s(`--${r} must be a whole number from ${t} to ${l}, not '${e}'`);return o}function v(r,e,n,t){if(e===void 0)return t;if(n.includes(e))return e;throw new s(`--${r} must be one of ${n.join(", ")}, not '${e}'`)}function i(r,e){if(e!==void 0){if(e.trim()==="")throw new s(`--${r} needs a value`);return e.trim()}}function x(r){let[e,...n]=r;if(e===void 0||e==="--help"||e==="-h"||e==="help"){let a=e==="help"?n[0]:void 0;if(a!==void 0&&!c.includes(a))throw new s(`unknown command '${a}' (commands: ${c.join(", ")})`);return{kind:"help",command:a??null}}if(e==="--version"||e==="-V")return{kind:"version"};if(!c.includes(e)){let a=e.startsWith("-")?"a command comes first":`commands: ${c.join(", ")}`;throw new s(`unknown command '${e}' (${a}; see 'platform-gitops --help')`)}let t=e,l;try{l=O({args:[...n],options:P,allowPositionals:!0,strict:!0})}catch(a){let p=a instanceof Error?a.message:String(a),f=/'(-{1,2}[^']+)'/.exec(p)?.[1];throw new s(f?`unknown option '${f}' for '${t}' (see 'platform-gitops ${t} --help')`:p)}let{values:o,positionals:d}=l;if(o.help)return{kind:"help",command:t};if(o.version)return{kind:"version"};if(o.token!==void 0||o["api-token"]!==void 0)throw new s("the token is read from the QOVERY_API_TOKEN environment variable only: an argument would end up in shell history and process lists");let R=I[t];for(let[a,p]of Object.entries(o))if(p!==void 0&&!R.includes(a))throw new s(`'${t}' takes no --${a} (see 'platform-gitops ${t} --help')`);if(!["validate","plan","apply","drift"].includes(t)&&d.length>0)throw new s(`'${t}' takes no paths, got '${d[0]}'`);if(t==="logs"&&o.cluster===void 0)throw new s("'logs' needs --cluster ID");if(t==="export"&&o.out===void 0)throw new s("'export' needs --out DIR");return{kind:"run",args:{command:t,paths:d.length>0?d:["."],format:v("format",o.format,b,"text"),apiUrl:i("api-url",o["api-url"]),organizationId:i("org",o.org),root:i("root",o.root),base:i("base",o.base),head:i("head",o.head),concurrency:u("concurrency",o.concurrency,4,1,16),detailedExitcode:o["detailed-exitcode"]??!1,all:o.all??!1,prune:o.prune??!1,remediate:o.remediate??!1,failOn:v("fail-on",o["fail-on"],["error","warning"],"error"),clusterId:i("cluster",o.cluster),entries:u("entries",o.entries,50,1,1e3),outDir:i("out",o.out),port:u("port",o.port,0,0,65535),seed:i("seed",o.seed),color:o["no-color"]?!1:o.color?!0:void 0}}}var C=`Common options:
  --format text|json|github   output form (default text); json prints one object on stdout
  --api-url URL               service address (env QOVERY_API_URL, default https://api.qovery.com)
  --org ID                    organization for documents that name none
  --root DIR                  repository root: file names are reported relative to it (default: .)
  --concurrency N             writes and resolutions in flight at once, 1-16 (default 4)
  --fail-on error|warning     lowest severity that fails the run (default error)
  --no-color                  plain text even on a terminal
The token is read from QOVERY_API_TOKEN, never from an argument.`,A={validate:`platform-gitops validate [PATH…] [--format text|json|github]
Checks documents offline: YAML, schemas, cross-document rules. No token needed.`,plan:`platform-gitops plan [PATH…] [--detailed-exitcode] [--base REV] [--all]
Validates, resolves components and plans alert rules against the service. Never writes.
  --detailed-exitcode   exit 2 when changes are pending
  --base REV            compare with this revision: only changed components are resolved
  --all                 resolve every component even with --base`,apply:`platform-gitops apply [PATH…] [--prune] [--base REV]
Plans, then applies exactly that plan (PUT for updates, POST for creates).
  --prune               delete rules whose documents were removed since --base`,drift:`platform-gitops drift [PATH…] [--remediate]
Plans the documents against the live service and reports any difference as drift (exit 2).
  --remediate           apply the plan to remove the drift`,logs:`platform-gitops logs --cluster ID [--entries N] [--org ID]
Shows the newest log entries of the cluster's latest failed or running deployment (default 50 entries).`,export:`platform-gitops export --out DIR [--org ID]
Writes one document per alert rule of the organization, so that 'plan' on DIR shows no changes.`,sandbox:`platform-gitops sandbox [--port N] [--seed DIR]
Runs a local sandbox of the service on 127.0.0.1 and prints how to point the tool at it.`,demo:`platform-gitops demo
Starts the sandbox in-process and runs validate, plan, apply and drift on the bundled example repository.`};function w(r){if(r!==null){let e=r==="sandbox"||r==="demo"?"":`

${C}`;return`Usage: ${A[r]}${e}
`}return`platform-gitops: alert rules and platform components as code, for the service API.

Usage: platform-gitops <command> [PATH…] [options]

Commands:
  validate   check documents offline (schemas, cross-document rules)
  plan       validate, resolve components, and plan alert rules (no writes)
  apply      plan, then apply the plan
  drift      plan, reported as drift (exit 2 when any)
  logs       recent cluster log entries
  export     write the organization's alert rules as documents
  sandbox    run a local sandbox of the service
  demo       run the whole flow on the bundled example against the sandbox

PATH is a file or a directory (searched recursively for .yaml/.yml). Default: the current directory.
Exit status: 0 done and nothing pending; 1 errors; 2 changes pending (plan --detailed-exitcode) or drift found.

${C}

'platform-gitops <command> --help' shows a command's options.
`}var j={stdout:r=>process.stdout.write(r),stderr:r=>process.stderr.write(r),env:process.env,isTty:!!process.stdout.isTTY};async function k(r,e=j){try{let n=x(r);if(n.kind==="help")return e.stdout(w(n.command)),0;if(n.kind==="version")return e.stdout(`platform-gitops ${h.version}
`),0;let{runCommand:t}=await import("./chunks/run-command-WZAGIIK6.js");return await t(n.args,e)}catch(n){let t=new y;if(t.add(e.env.QOVERY_API_TOKEN),n instanceof s||n instanceof g)return e.stderr(t.redact(`platform-gitops: ${n.message}
`)),1;let l=n instanceof Error?n.stack??n.message:String(n);return e.stderr(t.redact(`platform-gitops: internal error (a bug): ${l}
Please report it with the command you ran and this output.
`)),1}}process.exitCode=await k(process.argv.slice(2));
