import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{h as a,i as b,j as c,k as d,l as e}from"./chunk-YNNJGMS3.js";import"./chunk-LX4NCMKG.js";import"./chunk-EEEC4TXW.js";export{c as registerLikelySecrets,d as registerLikelySecretsIn,a as registerSensitiveValues,b as sensitivePaths,e as valueAtPath};
