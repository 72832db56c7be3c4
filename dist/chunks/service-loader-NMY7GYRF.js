import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a as e}from"./chunk-CVNHTHQZ.js";import"./chunk-4IUGRZY4.js";import"./chunk-7O5ICRA3.js";import"./chunk-NFX3KTLA.js";import"./chunk-G7KH4R2U.js";import"./chunk-AOTW6KWJ.js";import"./chunk-6SCXRUPL.js";import"./chunk-EEEC4TXW.js";export{e as createServiceClient};
