import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-FLXQ5EXQ.js";import"./chunk-EEEC4TXW.js";export default a();
