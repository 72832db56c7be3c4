import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function l(e){return e.changes.filter(a)}function d(e,r,t){let o=new Map(r.map((n,i)=>[n,t[i]]));return{...e,changes:e.changes.map(n=>a(n)?o.get(n)??n:n)}}function a(e){return e.action!=="noop"}export{l as a,d as b};
