import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-OOPTIZ7D.js";import"./chunk-EEUYS6A3.js";import"./chunk-UZJNKIYH.js";import"./chunk-LWZSE6BF.js";import"./chunk-3JHHXW3H.js";import"./chunk-EEEC4TXW.js";export{a as renderLogsText};
