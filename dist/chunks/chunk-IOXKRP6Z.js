import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function r(e){let t={create:0,update:0,delete:0,unchanged:0};for(let n of e.changes)n.action==="noop"?t.unchanged++:t[n.action]++;return t}function a(e){let{create:t,update:n,delete:o}=r(e);return{drifted:t+n+o,ghosts:e.ghosts.length,outdated:e.outdated.length}}export{r as a,a as b};
