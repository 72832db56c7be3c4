import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b}from"./chunk-V6EHKN5I.js";import"./chunk-I6RYALZ4.js";import"./chunk-EEEC4TXW.js";export{a as scrub,b as scrubDeep};
