// A Vite plugin that lets the first page's code start downloading with the entry instead of after
// it. The entry only asks for a route's chunks once it has run (React Router calls the route's
// `lazy`); this writes a small inline script into index.html that, before any module has run,
// adds <link rel="modulepreload"> (and style preloads) for the chunks of the page being opened,
// taken from the build's own chunk graph — those it renders with at high priority, those that
// load beside it (the sidebar, supabase-js) after them at low priority. Signed-in pages are
// preloaded only when the browser holds a Supabase session cookie, guest pages only when it
// does not (the guards would redirect).
// The script goes first in <head>: an inline script after a stylesheet waits for it to load.
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { HELD_PRELOADS } from './early-script.ts';
import { indexedList } from './indexed-list.ts';
import { ROUTE_MODULES, type RouteModules } from './route-modules.ts';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  css: string[];
}

/** A route in the script: its pattern, whether it needs a session, indexes into the file list
 * (the page's own files, then those loading beside it, from `beside` on). */
type Route = [pattern: string, signedIn: boolean, files: number[], beside: number];

/** The inline script: match the path, check for a session cookie, add the links — a script's
 * only once the app starts when the early script is holding it back to draw the page first
 * (HELD_PRELOADS). */
function preloadScript(files: string[], routes: Route[]): string {
  return `(function(){var F=${JSON.stringify(files)},R=${JSON.stringify(routes)},H=${JSON.stringify(HELD_PRELOADS)},p=location.pathname,s=/(^|;\\s*)sb-[^=]+-auth-token(\\.0)?=/.test(document.cookie);
for(var i=0;i<R.length;i++){var r=R[i];if(r[1]!==s||!new RegExp(r[0]).test(p))continue;
r[2].forEach(function(n,k){var f=F[n],css=/\\.css$/.test(f),add=function(){var l=document.createElement('link');
l.rel=css?'preload':'modulepreload';if(css)l.as='style';l.crossOrigin='';l.fetchPriority=k<r[3]?'high':'low';l.href=f;document.head.appendChild(l)};
if(!css&&Array.isArray(window[H]))window[H].push(add);else add()});break}})();`;
}

/** A built chunk, as much of it as the plan needs (Vite's OutputChunk). */
export interface BuiltChunk {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  css: string[];
}

/** The files a page's modules load (module paths relative to app/) over this build, CSS first
 * (nothing is drawn without it: index.html may draw a notebook page before its code has run),
 * then JS, leaving out what the entry already loads and what is in `skip`. */
export function pageFiles(built: BuiltChunk[], base = '') {
  const chunks = new Map<string, ChunkInfo>();
  const byModule = new Map<string, string>();
  let entry: string | null = null;
  for (const out of built) {
    chunks.set(out.fileName, { fileName: out.fileName, imports: out.imports, css: out.css });
    for (const id of out.moduleIds) if (!byModule.has(id)) byModule.set(id, out.fileName);
    if (out.facadeModuleId) byModule.set(out.facadeModuleId, out.fileName);
    if (out.isEntry) entry = out.fileName;
  }
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) closure(next, seen);
    return seen;
  };
  const inEntry = entry ? closure(entry, new Set()) : new Set<string>();
  const chunkOf = (module: string) => {
    const file = [...byModule].find(([id]) => id.endsWith(`/app/${module}`))?.[1];
    if (!file) throw new Error(`route-preload: no chunk for ${module} (renamed?)`);
    return file;
  };
  return (modules: string[], skip = new Set<string>()) => {
    const files = new Set<string>();
    for (const module of modules) closure(chunkOf(module), files);
    const js = [...files].filter((f) => !inEntry.has(f));
    const css = new Set(js.flatMap((f) => chunks.get(f)?.css ?? []));
    return [...css, ...js].map((f) => base + f).filter((f) => !skip.has(f));
  };
}

/** The chunks of a build as the plan needs them (Vite's bundle of transformIndexHtml). */
export function builtChunks(
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
): BuiltChunk[] {
  const built: BuiltChunk[] = [];
  for (const out of Object.values(bundle)) {
    if (out.type !== 'chunk') continue;
    built.push({ ...out, css: [...(out.viteMetadata?.importedCss ?? [])] });
  }
  return built;
}

/** The inline script for these routes over this build (module paths relative to app/). */
export function routePreloadScript(built: BuiltChunk[], table: RouteModules[], base: string) {
  const filesOf = pageFiles(built, base);
  const list = indexedList<string>((file) => file);
  const routes: Route[] = table.map(({ path, signedIn, modules, beside = [] }) => {
    const own = filesOf(modules);
    const later = filesOf(beside, new Set(own));
    return [path, signedIn, [...own, ...later].map(list.indexOf), own.length];
  });
  return preloadScript(list.items, routes);
}

export function routePreload(): Plugin {
  let base = '/';
  return {
    name: 'sheaf-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const script = routePreloadScript(builtChunks(ctx.bundle), ROUTE_MODULES, base);
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
