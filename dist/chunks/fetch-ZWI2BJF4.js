import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b,c,d,e}from"./chunk-WK7AYTEK.js";import"./chunk-UZJNKIYH.js";import"./chunk-AOTW6KWJ.js";import"./chunk-EEEC4TXW.js";export{a as HISTORY_PAGE_SIZE,e as collectClusterLogs,c as describeFailure,d as failedReport,b as fetchRecentLogs};
