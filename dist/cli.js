#!/usr/bin/env node
import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
async function e(r){return process.stderr.write(`platform-gitops: not yet implemented (${r.join(" ")})
`),1}process.exitCode=await e(process.argv.slice(2));
