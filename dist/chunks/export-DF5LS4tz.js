import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{g as o}from"./chunk-B5ksYGrn.js";import{V as f}from"./chunk-B5ksYGrn.js";import"./logs-Cqo0OOsk.js";import"./text-B38g1Kvb.js";import"./chunk-DA5ZlJ9L.js";import"./parse-JByoIyq5.js";import"./discover-parsed-DRPbZCeQ.js";import"node:fs/promises";import"node:path";export{f as exportContent,o as runExport};
