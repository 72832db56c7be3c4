import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var e=class extends Error{name="UsageError"};export{e as a};
