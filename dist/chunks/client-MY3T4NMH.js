import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{b as a,c as b,d as c}from"./chunk-T5M737GP.js";import"./chunk-RFUWMTI2.js";import"./chunk-G7KH4R2U.js";import"./chunk-YZHITWF6.js";import"./chunk-AOTW6KWJ.js";import"./chunk-6SCXRUPL.js";import"./chunk-EEEC4TXW.js";export{a as DEFAULT_TIMEOUTS,b as DEFAULT_USER_AGENT,c as createServiceClient};
