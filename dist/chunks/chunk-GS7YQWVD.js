import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function t(o){return{ignore:o.ignore,allowEmpty:o.allowEmpty,from:o.pathsFrom,readOutsideRoot:o.readOutsideRoot}}export{t as a};
