import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{W as r}from"./chunk-CoZNT1To.js";import{j as l}from"./chunk-CoZNT1To.js";import"./chunk-o_aC477G.js";import"./chunk-DEmdH0DS.js";import"./text-o2li4yL5.js";import"./chunk-BqJ2rmtA.js";import"node:path";import"node:fs/promises";export{l as normalizeLineBreaks,r as parseFiles};
