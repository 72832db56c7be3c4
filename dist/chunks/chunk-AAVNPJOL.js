import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var i=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function o(n){return typeof n=="string"&&i.test(n)}export{o as a};
