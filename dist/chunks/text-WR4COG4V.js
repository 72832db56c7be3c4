import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-KQHHDGIU.js";import"./chunk-C6ZAM6VC.js";import"./chunk-ELA3V74J.js";import"./chunk-GMB3UNSV.js";import"./chunk-V6EHKN5I.js";import"./chunk-I6RYALZ4.js";import"./chunk-EEEC4TXW.js";export{a as renderLogsText};
