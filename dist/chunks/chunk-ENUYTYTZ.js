import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var e=/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;function i(u){return u.replace(e,t=>`\\u${t.charCodeAt(0).toString(16).padStart(4,"0")}`).replace(/^(\s*):(?=:)/,"$1\\u003a")}export{i as a};
