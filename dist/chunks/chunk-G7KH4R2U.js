import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var s={now:()=>Date.now(),sleep:(t,e)=>new Promise((r,o)=>{if(e?.aborted)return o(e.reason);let n=setTimeout(r,Math.max(0,t));e?.addEventListener("abort",()=>{clearTimeout(n),o(e.reason)},{once:!0})})};export{s as a};
