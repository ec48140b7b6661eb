// The inline script of index.html that starts a page's first REST requests before any module has
// loaded (early-requests.ts fills in the requests; app/src/lib/early-requests.ts takes the
// responses), and on a notebook's page draws the page from them as soon as they are there
// (early-page.ts), before the app has loaded. It reads the session from the auth cookie exactly as
// the auth client stores it (@supabase/ssr: `sb-<ref>-auth-token`, or its chunks `.0`, `.1` …, the
// JSON base64url-encoded behind `base64-`), and starts nothing when there is none, when it expires
// within the margin at which auth-js would refresh it first (90 s), when the path is not a page
// with early requests, or when the list is sorted or filtered (its requests differ). Any failure
// leaves the page to make its own requests and draw itself.

import { EARLY_PAGE_ID } from '../src/lib/early-requests.ts';
import { earlyPageHtml, type EarlyPageText } from './early-page.ts';
import { indexedList } from './indexed-list.ts';

/** A request as the app sends it: URL and headers, with placeholders for the values below. */
export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
}

/** A page: its path pattern (each group a route parameter, in order), its requests and, for a
 * page drawn early, which of them answers the notebook with its pins and first notes. */
export interface EarlyRoute {
  pattern: string;
  params: string[];
  requests: EarlyRequest[];
  paint?: number;
}

/** What drawing a page early needs besides its responses: its stylesheets (loaded before it is
 * drawn, as the app would add them) and the app's words. */
export interface EarlyPaint {
  css: string[];
  text: EarlyPageText;
}

export interface EarlyScriptConfig {
  cookie: string;
  routes: EarlyRoute[];
  paint?: EarlyPaint;
  /** The app's entry module: the script starts it (see earlyScript). */
  entry: string;
  /** The entry and the chunks it imports: modulepreloaded as the app starts (see earlyScript). */
  preload: string[];
}

/** While the script holds the app back to draw a page early, the route preload script
 * (route-preload.ts) puts each of its script preloads in `window[HELD_PRELOADS]` (functions)
 * instead of adding it; starting the app runs them. */
export const HELD_PRELOADS = '__sheafHeldPreloads';

/** Placeholders the requests are captured with: route parameters, the user and the token. */
export const PLACEHOLDER = {
  notebookId: '__NOTEBOOK__',
  noteId: '__NOTE__',
  userId: '__USER__',
  token: '__TOKEN__',
} as const;

export const REFRESH_MARGIN_MS = 90_000;

/** After this long from navigation start the early page goes, whatever the app is doing (the
 * responses may no longer be taken then either: app/src/lib/early-requests.ts). */
export const EARLY_PAGE_LIFETIME_MS = 10_000;

/** The longest the app's code waits for the early page to be drawn (from the script's start). */
export const EARLY_PAGE_WAIT_MS = 500;

/** The script's source (an expression statement; runs once, before the page's modules). A
 * request several pages share is written once. It also starts the app: index.html only
 * preloads the entry module (early-requests.ts), and the script adds it once #root has been
 * parsed (with it all of <head>) or, when it draws the page early, in the frame after the page
 * is drawn (or at once when it could not be, or after EARLY_PAGE_WAIT_MS): the app's code takes
 * the main thread for tens of milliseconds as it runs, and the responses the page is drawn from
 * could only be read after that. The app's scripts are not even asked for before then — the
 * entry's chunks are preloaded as it starts, and the route preload script's are held
 * (HELD_PRELOADS) — because on a first visit they compete with the page's request and
 * stylesheets for the network and the server, and each one that arrives is compiled on the
 * main thread. The page's stylesheets are added once <head> has been parsed too, after
 * index.html's own, in the order the app would add them; then the date formatter the list uses
 * is made once (its locale data takes tens of milliseconds to load in a new browser context),
 * while the responses are on their way. */
export function earlyScript(config: EarlyScriptConfig): string {
  const requests = indexedList<EarlyRequest>((r) => JSON.stringify(r));
  const routes = config.routes.map((r) => ({
    pattern: r.pattern,
    params: r.params,
    requests: r.requests.map(requests.indexOf),
    paint: config.paint ? r.paint : undefined,
  }));
  const json = JSON.stringify({
    cookie: config.cookie,
    requests: requests.items,
    routes,
    placeholder: PLACEHOLDER,
    margin: REFRESH_MARGIN_MS,
    paint: config.paint,
    id: EARLY_PAGE_ID,
    lifetime: EARLY_PAGE_LIFETIME_MS,
    wait: EARLY_PAGE_WAIT_MS,
    entry: config.entry,
    preload: config.preload,
    held: HELD_PRELOADS,
  });
  const script = `(function(){var C=${json.replace(/</g, '\\u003c')},gated=false,loaded=false,started=false;
function parsed(fn){if(document.getElementById('root')){fn();return}var o=new MutationObserver(function(){if(document.getElementById('root')){o.disconnect();fn()}});o.observe(document.documentElement,{childList:true,subtree:true})}
function load(){if(loaded)return;loaded=true;C.preload.forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)});
var h=window[C.held];window[C.held]=null;if(h)h.forEach(function(f){f()})}
function start(){load();if(started)return;if(!document.getElementById('root')){parsed(start);return}
started=true;var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=C.entry;document.head.appendChild(m)}
try{var P=C.placeholder,ID=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
var early={userId:s.user.id,path:location.pathname,responses:{}},copies=[];
route.requests.forEach(function(n){var r=C.requests[n],h={};for(var k in r.headers)h[k]=fill(r.headers[k]);var u=fill(r.url),f=fetch(u,{headers:h});f.catch(function(){});early.responses[u]=f;
copies.push(f.then(function(x){return x.ok?x.clone().json():null}).catch(function(){return null}))});
window.__sheafEarly=early;
var aal=JSON.parse(atob(s.access_token.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).aal,factors=s.user.factors||[];
var mfa=factors.some(function(f){return f&&f.status==='verified'})&&aal!=='aal2';
if(route.paint!=null&&C.paint&&!mfa){gated=true;window[C.held]=[];paint(early,copies[route.paint],values,s.user)}}catch(e){gated=false}finally{if(!gated)start()}
function paint(early,copy,values,user){setTimeout(start,C.wait);
var css=C.paint.css.map(function(href){return new Promise(function(ok,no){var add=function(){var l=document.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.href=href;l.onload=ok;l.onerror=no;document.head.appendChild(l)};
parsed(add)})});
parsed(function(){setTimeout(function(){try{new Intl.DateTimeFormat(undefined,{dateStyle:'medium'}).format(0)}catch(e){}},0)});
var draw=${earlyPageHtml.toString()};
Promise.all([copy].concat(css)).then(function(v){
if(window.__sheafEarly!==early||early.ended||location.pathname!==early.path)return;
var root=document.getElementById('root');if(!root)return;
var html=draw({notebookId:values[P.notebookId],noteId:values[P.noteId]||null,search:location.search,apple:/Mac|iPhone|iPad|iPod/.test(navigator.platform),user:user,notebook:v[0]},C.paint.text);
if(!html)return;
var el=document.createElement('div');el.id=C.id;el.inert=true;el.setAttribute('aria-hidden','true');el.innerHTML=html;root.hidden=true;root.parentNode.insertBefore(el,root);
setTimeout(function(){el.remove();root.hidden=false},Math.max(0,C.lifetime-performance.now()));return true}).catch(function(){})
.then(function(drawn){if(drawn)requestAnimationFrame(function(){setTimeout(start,0)});else start()})}})();`;
  // It goes into index.html as it is: nothing in it may end the script element early.
  if (/<\/script|<!--/i.test(script)) throw new Error('early-script: the script would end early');
  return script;
}
