import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{g as o}from"./chunk-B1t7qj72.js";import{V as f}from"./chunk-B1t7qj72.js";import"./text-o2li4yL5.js";import"./chunk-CoZNT1To.js";import"./chunk-o_aC477G.js";import"./chunk-DEmdH0DS.js";import"node:fs/promises";import"node:path";import"./chunk-BqJ2rmtA.js";export{f as exportContent,o as runExport};
