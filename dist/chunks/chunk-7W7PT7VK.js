import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function m(i){let n=Number.isFinite(i)&&i>=1?Math.floor(i):1,r=0,t=[],o=()=>{let e=t.shift();e?e():r--};return async e=>{r>=n?await new Promise(s=>t.push(s)):r++;try{return await e()}finally{o()}}}function a(i,n,r){let t=m(n);return Promise.all(i.map((o,e)=>t(()=>r(o,e))))}export{m as a,a as b};
