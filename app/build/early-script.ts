// The inline script of index.html that starts a page's first REST requests before any module
// has loaded (early-requests.ts fills in the requests; app/src/lib/early-requests.ts takes the
// responses). It reads the session from the auth cookie exactly as the auth client stores it
// (@supabase/ssr: `sb-<ref>-auth-token`, or its chunks `.0`, `.1` …, the JSON base64url-encoded
// behind `base64-`), and starts nothing when there is none, when it expires within the margin at
// which auth-js would refresh it first (90 s), when the path is not a page with early requests,
// or when the list is sorted or filtered (its requests differ). Any failure leaves the page to
// make its own requests.

import { indexedList } from './indexed-list.ts';

/** A request as the app sends it: URL and headers, with placeholders for the values below. */
export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
}

/** A page: its path pattern (each group a route parameter, in order) and its requests. */
export interface EarlyRoute {
  pattern: string;
  params: string[];
  requests: EarlyRequest[];
}

export interface EarlyScriptConfig {
  cookie: string;
  routes: EarlyRoute[];
}

/** Placeholders the requests are captured with: route parameters, the user and the token. */
export const PLACEHOLDER = {
  notebookId: '__NOTEBOOK__',
  noteId: '__NOTE__',
  userId: '__USER__',
  token: '__TOKEN__',
} as const;

export const REFRESH_MARGIN_MS = 90_000;

/** The script's source (an expression statement; runs once, before the page's modules). A
 * request several pages share is written once. */
export function earlyScript(config: EarlyScriptConfig): string {
  const requests = indexedList<EarlyRequest>((r) => JSON.stringify(r));
  const routes = config.routes.map((r) => ({
    pattern: r.pattern,
    params: r.params,
    requests: r.requests.map(requests.indexOf),
  }));
  const json = JSON.stringify({
    cookie: config.cookie,
    requests: requests.items,
    routes,
    placeholder: PLACEHOLDER,
    margin: REFRESH_MARGIN_MS,
  });
  return `(function(){try{var C=${json.replace(/</g, '\\u003c')},P=C.placeholder,ID=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if(/[?&](sort|tag)=/.test(location.search))return;
var route,m;for(var i=0;i<C.routes.length&&!route;i++){m=new RegExp(C.routes[i].pattern).exec(location.pathname);if(m)route=C.routes[i]}
if(!route)return;
var values={};for(i=0;i<route.params.length;i++){if(!ID.test(m[i+1]))return;values[P[route.params[i]]]=m[i+1]}
var jar={};document.cookie.split(/;\\s*/).forEach(function(c){var at=c.indexOf('=');if(at>0)jar[c.slice(0,at)]=c.slice(at+1)});
var v=jar[C.cookie];if(v==null){v='';for(i=0;jar[C.cookie+'.'+i]!=null;i++)v+=jar[C.cookie+'.'+i]}
if(!v)return;v=decodeURIComponent(v);
if(v.indexOf('base64-')===0){var bin=atob(v.slice(7).replace(/-/g,'+').replace(/_/g,'/'));v=new TextDecoder().decode(Uint8Array.from(bin,function(ch){return ch.charCodeAt(0)}))}
var s=JSON.parse(v);if(!s||typeof s.access_token!=='string'||!s.user||!ID.test(s.user.id)||!(s.expires_at*1000-Date.now()>C.margin))return;
values[P.userId]=s.user.id;values[P.token]=s.access_token;
var fill=function(t){for(var k in values)t=t.split(k).join(values[k]);return t};
var early={userId:s.user.id,responses:{}};
route.requests.forEach(function(n){var r=C.requests[n],h={};for(var k in r.headers)h[k]=fill(r.headers[k]);var u=fill(r.url),f=fetch(u,{headers:h});f.catch(function(){});early.responses[u]=f});
window.__sheafEarly=early}catch(e){}})();`;
}
