import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-PELN2R5C.js";import"./chunk-C6ZAM6VC.js";import"./chunk-ELA3V74J.js";import"./chunk-GMB3UNSV.js";import"./chunk-V6EHKN5I.js";import"./chunk-UTWU2IRI.js";import"./chunk-EEEC4TXW.js";export{a as renderLogsText};
