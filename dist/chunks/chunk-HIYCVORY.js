import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function r(e){return e.changes.filter(n)}function n(e){return e.action!=="noop"}export{r as a};
