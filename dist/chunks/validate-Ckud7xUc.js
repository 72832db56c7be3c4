import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{u as r}from"./chunk-BQoGI_fr.js";import"./text-o2li4yL5.js";import"./chunk-DEmdH0DS.js";import"./chunk-BqJ2rmtA.js";import"node:path";import"node:fs/promises";export{r as runValidate};
