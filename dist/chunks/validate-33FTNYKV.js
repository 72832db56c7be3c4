import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-GCKOGIEN.js";import"./chunk-OPNJEDOQ.js";import"./chunk-R4S3SDYA.js";import"./chunk-C3NP4FTU.js";import"./chunk-LX4NCMKG.js";import"./chunk-6SCXRUPL.js";import"./chunk-EEEC4TXW.js";export{a as runValidate};
