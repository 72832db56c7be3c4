import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var u={error:"\x1B[31m",warning:"\x1B[33m",notice:"\x1B[36m"},a="\x1B[1m",g="\x1B[0m";function $(r,t){let e=(n,i)=>t.color?`${n}${i}${g}`:i,o=r.map(n=>`${n.file===""?"":`${e(a,`${c(n.file)}:${n.line}:${n.column}`)}: `}${e(u[n.severity],n.severity)}: ${c(n.message)} [${c(n.code)}]`);return o.push(l(r)),`${o.join(`
`)}
`}function l(r){let t=n=>r.filter(i=>i.severity===n).length,e=[s(t("error"),"error"),s(t("warning"),"warning")],o=t("notice");return o>0&&e.push(s(o,"notice")),e.join(", ")}function s(r,t){return`${r} ${t}${r===1?"":"s"}`}function c(r){return r.replace(/[\u0000-\u001f\u007f-\u009f]/g,t=>`\\u${t.charCodeAt(0).toString(16).padStart(4,"0")}`)}export{$ as a,l as b};
