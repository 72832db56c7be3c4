import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-6CSD3673.js";import"./chunk-EEUYS6A3.js";import"./chunk-V6EHKN5I.js";import"./chunk-UZJNKIYH.js";import"./chunk-5OOGDRFI.js";import"./chunk-EEEC4TXW.js";export{a as renderLogsText};
