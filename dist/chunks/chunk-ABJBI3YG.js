import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{b as z,d as y}from"./chunk-GMB3UNSV.js";var E=class{#n;constructor(t){this.#n=t}left(t=0){return Math.max(0,this.#n-t)}spend(t){return this.#n-=y(t),t}},w=o=>typeof o=="string"?o:o.text,S=600;function C(o,t,e,s){let r=o.map(B).join(`

`);if(e(r)<=t)return{markdown:r,omitted:new Map};let d=t-S,c=[],i=0,f=new Map,l=(n,u)=>{u>0&&f.set(n,(f.get(n)??0)+u)},h=!1;for(let n of o){let u=n.rowNoun??"row",O=c.length>0?2:0,b=n.close?`
${n.close}`:"",k=O+e(n.open)+e(b);if(h||i+k>d){h=!0,n.rows.length===0&&l(n.rowNoun??"section",1);for(let a of n.rows)l(typeof a=="string"?u:a.noun,1);continue}let x=n.open,m=0,p=k;for(let a of n.rows){let R=e(w(a))+1;if(i+p+R>d)break;x+=`
${w(a)}`,p+=R,m+=1}if(m<n.rows.length){h=!0;for(let a of n.rows.slice(m))l(typeof a=="string"?u:a.noun,1)}c.push(x+b),i+=p}return{markdown:[...c,M(f,s)].join(`

`),omitted:f}}function B(o){let t=[o.open,...o.rows.map(w)].join(`
`);return o.close?`${t}
${o.close}`:t}function M(o,t){return`> **Cut to fit GitHub's size limit:** ${[...o].map(([s,r])=>`${r} ${s}${r===1?"":"s"}`).join(", ")} left out. ${z(t,300)}`}var g=y,j=2048,N=class{#n;#e=[];#o=0;#t=[];constructor(t){this.#n=Math.max(0,t-j)}#s(t){return this.#o+t<=this.#n}#r(t,e=g(t)){this.#e.push(t),this.#o+=e}block(t,e){let s=`${t}

`,r=g(s);return this.#s(r)?(this.#r(s,r),!0):(this.#t.push(e),!1)}table(t,e,s){let r=`${s.open??""}${t.join(`
`)}
`,d=`${s.close??""}
`,c=g(r)+g(d),i=e.map(n=>g(n)+1),f=s.keep==="tail"?[...i.keys()].reverse():[...i.keys()],l=new Set;for(let n of f){if(!this.#s(c+i[n]))break;c+=i[n],l.add(n)}let h=e.length-l.size;if(l.size===0)return e.length>0&&this.#t.push(`${e.length} ${s.what}`),e.length;let $=e.filter((n,u)=>l.has(u)).join(`
`);if(this.#r(`${r}${$}
${d}`,c),h>0){let n=s.keep==="tail"?"oldest":"last";this.#t.push(`the ${n} ${h} of ${e.length} ${s.what}`)}return h}toString(){let t=this.#e.join("");if(this.#t.length===0)return t;let e=this.#t.slice(0,10).join("; "),s=this.#t.length>10?`; and ${this.#t.length-10} more parts`:"",r=`> [!NOTE]
> Cut to stay within the summary's size limit: left out ${e}${s}.
`;return g(r)>j&&(r=`> [!NOTE]
> Cut to stay within the summary's size limit.
`),`${t}${r}`}};export{E as a,C as b,N as c};
