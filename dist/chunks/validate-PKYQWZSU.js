import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-P36SKZDW.js";import"./chunk-JT7SSER4.js";import"./chunk-NFIAI5OH.js";import"./chunk-C3NP4FTU.js";import"./chunk-LX4NCMKG.js";import"./chunk-6SCXRUPL.js";import"./chunk-EEEC4TXW.js";export{a as runValidate};
