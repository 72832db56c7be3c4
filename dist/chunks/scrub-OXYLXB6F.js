import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b}from"./chunk-LWZSE6BF.js";import"./chunk-3JHHXW3H.js";import"./chunk-EEEC4TXW.js";export{a as scrub,b as scrubDeep};
