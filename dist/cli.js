#!/usr/bin/env node
import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a as m}from"./chunks/chunk-5OOGDRFI.js";import{a as f}from"./chunks/chunk-AOTW6KWJ.js";import{a as s}from"./chunks/chunk-6SCXRUPL.js";import"./chunks/chunk-EEEC4TXW.js";var y={name:"platform-gitops",version:"0.1.0",description:"GitOps for alert rules and platform components: validate, plan, apply and drift-check YAML against the service API, as a GitHub Action and a CLI.",license:"MIT",type:"module",private:!0,engines:{node:">=20.18.1"},bin:{"platform-gitops":"dist/cli.js"},files:["dist","schemas","action.yml"],scripts:{build:"node scripts/build.mjs",typecheck:"tsc --noEmit -p tsconfig.json",lint:"biome check .",format:"biome check --write .",test:"vitest run","test:e2e":"vitest run test/e2e","check-dist":"node scripts/check-dist.mjs",docs:"node scripts/generate-docs.mjs","check-docs":"node scripts/generate-docs.mjs --check",demo:"node dist/cli.js demo",bench:"node bench/run.mjs"},dependencies:{"@actions/core":"^3.0.1","@actions/github":"^9.1.1","@octokit/plugin-retry":"^8.1.1","@octokit/plugin-throttling":"^11.0.5",ajv:"^8.20.0","ajv-formats":"^3.0.1",undici:"^6.29.1",yaml:"^2.9.1"},devDependencies:{"@biomejs/biome":"2.5.15","@types/node":"^20.19.43",esbuild:"^0.28.2",typescript:"~5.9",vitest:"^4.1.12"}};import{parseArgs as O}from"node:util";var g=["text","json","github"];var p=["validate","plan","apply","drift","logs","export","sandbox","demo"],c=["format","api-url","org","root","concurrency","fail-on","color","no-color"],T={validate:["format","root","fail-on","color","no-color"],plan:[...c,"detailed-exitcode","base","head","all"],apply:[...c,"base","head","prune","all"],drift:[...c,"remediate","base","head"],logs:["format","api-url","org","cluster","entries","color","no-color"],export:["format","api-url","org","out","root","color","no-color"],sandbox:["port","seed"],demo:["color","no-color"]},I={format:{type:"string"},"api-url":{type:"string"},org:{type:"string"},root:{type:"string"},base:{type:"string"},head:{type:"string"},concurrency:{type:"string"},"fail-on":{type:"string"},"detailed-exitcode":{type:"boolean"},all:{type:"boolean"},prune:{type:"boolean"},remediate:{type:"boolean"},cluster:{type:"string"},entries:{type:"string"},out:{type:"string"},port:{type:"string"},seed:{type:"string"},color:{type:"boolean"},"no-color":{type:"boolean"},token:{type:"string"},"api-token":{type:"string"},help:{type:"boolean",short:"h"},version:{type:"boolean",short:"V"}};function u(n,e,t,r,a){if(e===void 0)return t;let o=Number(e);if(!/^\d+$/.test(e)||!Number.isSafeInteger(o)||o<r||o>a)throw new s(`--${n} must be a whole number from ${r} to ${a}, not '${e}'`);return o}function h(n,e,t,r){if(e===void 0)return r;if(t.includes(e))return e;throw new s(`--${n} must be one of ${t.join(", ")}, not '${e}'`)}function l(n,e){if(e!==void 0){if(e.trim()==="")throw new s(`--${n} needs a value`);return e.trim()}}function P(n,e){let t=n instanceof Error?n.message:String(n),r=n.code,a=/'(-{1,2}[^' ]+)/.exec(t)?.[1],o=`see 'platform-gitops ${e} --help'`;return a===void 0?t.split(`
`)[0]??t:r==="ERR_PARSE_ARGS_INVALID_OPTION_VALUE"?/does not take an argument/.test(t)?`${a} takes no value (${o})`:`${a} needs a value, e.g. ${a} <value> (${o})`:`unknown option '${a}' for '${e}' (${o})`}function b(n){let[e,...t]=n;if(e===void 0||e==="--help"||e==="-h"||e==="help"){let i=e==="help"?t[0]:void 0;if(i!==void 0&&!p.includes(i))throw new s(`unknown command '${i}' (commands: ${p.join(", ")})`);return{kind:"help",command:i??null}}if(e==="--version"||e==="-V")return{kind:"version"};if(!p.includes(e)){let i=e.startsWith("-")?"a command comes first":`commands: ${p.join(", ")}`;throw new s(`unknown command '${e}' (${i}; see 'platform-gitops --help')`)}let r=e,a;try{a=O({args:[...t],options:I,allowPositionals:!0,strict:!0})}catch(i){throw new s(P(i,r))}let{values:o,positionals:d}=a;if(o.help)return{kind:"help",command:r};if(o.version)return{kind:"version"};if(o.token!==void 0||o["api-token"]!==void 0)throw new s("the token is read from the QOVERY_API_TOKEN environment variable only: an argument would end up in shell history and process lists");let w=T[r];for(let[i,k]of Object.entries(o))if(k!==void 0&&!w.includes(i))throw new s(`'${r}' takes no --${i} (see 'platform-gitops ${r} --help')`);if(!["validate","plan","apply","drift"].includes(r)&&d.length>0)throw new s(`'${r}' takes no paths, got '${d[0]}'`);if(r==="logs"&&o.cluster===void 0)throw new s("'logs' needs --cluster ID");if(r==="export"&&o.out===void 0)throw new s("'export' needs --out DIR");return{kind:"run",args:{command:r,paths:d.length>0?d:["."],format:h("format",o.format,g,"text"),apiUrl:l("api-url",o["api-url"]),organizationId:l("org",o.org),root:l("root",o.root),base:l("base",o.base),head:l("head",o.head),concurrency:u("concurrency",o.concurrency,4,1,16),detailedExitcode:o["detailed-exitcode"]??!1,all:o.all??!1,prune:o.prune??!1,remediate:o.remediate??!1,failOn:h("fail-on",o["fail-on"],["error","warning"],"error"),clusterId:l("cluster",o.cluster),entries:u("entries",o.entries,50,1,1e3),outDir:l("out",o.out),port:u("port",o.port,0,0,65535),seed:l("seed",o.seed),color:o["no-color"]?!1:o.color?!0:void 0}}}var v=`Common options:
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
Starts the sandbox in-process and runs validate, plan, apply and drift on the bundled example repository.`};function x(n){if(n!==null){let e=n==="sandbox"||n==="demo"?"":`

${v}`;return`Usage: ${A[n]}${e}
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

${v}

'platform-gitops <command> --help' shows a command's options.
`}var $={stdout:n=>process.stdout.write(n),stderr:n=>process.stderr.write(n),env:process.env,isTty:!!process.stdout.isTTY};async function C(n,e=$){try{let t=b(n);if(t.kind==="help")return e.stdout(x(t.command)),0;if(t.kind==="version")return e.stdout(`platform-gitops ${y.version}
`),0;let{runCommand:r}=await import("./chunks/run-command-CIUI4QYN.js");return await r(t.args,e)}catch(t){let r=new m;if(r.add(e.env.QOVERY_API_TOKEN),t instanceof s||t instanceof f)return e.stderr(r.redact(`platform-gitops: ${t.message}
`)),1;let a=t instanceof Error?t.stack??t.message:String(t);return e.stderr(r.redact(`platform-gitops: internal error (a bug): ${a}
Please report it with the command you ran and this output.
`)),1}}process.exitCode=await C(process.argv.slice(2));
