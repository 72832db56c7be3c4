import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b,c}from"./chunk-YHC54GGT.js";import"./chunk-EEEC4TXW.js";export{b as registerLikelySecrets,c as registerLikelySecretsIn,a as registerSensitiveValues};
