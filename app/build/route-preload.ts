// A Vite plugin that lets the first page's code start downloading with the entry instead of after
// it. The entry only asks for a route's chunks once it has run (React Router calls the route's
// `lazy`); this writes a small inline script into index.html that, before any module has run,
// adds <link rel="modulepreload"> (and style preloads) for the chunks of the page being opened,
// taken from the build's own chunk graph. Signed-in pages are preloaded only when the browser
// holds a Supabase session cookie, guest pages only when it does not (the guards would redirect).
// The script goes first in <head>: an inline script after a stylesheet waits for it to load.
import type { Plugin } from 'vite';
import { ROUTE_MODULES } from './route-modules.ts';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  css: string[];
}

/** A route in the script: its pattern, whether it needs a session, indexes into the file list. */
type Route = [pattern: string, signedIn: boolean, files: number[]];

/** The inline script: match the path, check for a session cookie, add the links. */
function preloadScript(files: string[], routes: Route[]): string {
  return `(function(){var F=${JSON.stringify(files)},R=${JSON.stringify(routes)},p=location.pathname,s=/(^|;\\s*)sb-[^=]+-auth-token(\\.0)?=/.test(document.cookie);
for(var i=0;i<R.length;i++){var r=R[i];if(r[1]!==s||!new RegExp(r[0]).test(p))continue;
r[2].forEach(function(n){var f=F[n],l=document.createElement('link'),css=/\\.css$/.test(f);
l.rel=css?'preload':'modulepreload';if(css)l.as='style';l.crossOrigin='';l.fetchPriority='high';l.href=f;document.head.appendChild(l)});break}})();`;
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
        const chunks = new Map<string, ChunkInfo>();
        const byModule = new Map<string, string>();
        let entry: string | null = null;
        for (const out of Object.values(ctx.bundle)) {
          if (out.type !== 'chunk') continue;
          const css = [...(out.viteMetadata?.importedCss ?? [])];
          chunks.set(out.fileName, { fileName: out.fileName, imports: out.imports, css });
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
        const list: string[] = [];
        const indexOf = (file: string) => {
          if (!list.includes(file)) list.push(file);
          return list.indexOf(file);
        };
        const routes: Route[] = ROUTE_MODULES.map(({ path, signedIn, modules }) => {
          const files = new Set<string>();
          for (const module of modules) {
            const file = [...byModule].find(([id]) => id.endsWith(`/app/${module}`))?.[1];
            if (!file) throw new Error(`route-preload: no chunk for ${module} (renamed?)`);
            closure(file, files);
          }
          const js = [...files].filter((f) => !inEntry.has(f));
          const css = new Set(js.flatMap((f) => chunks.get(f)?.css ?? []));
          return [path, signedIn, [...js, ...css].map((f) => indexOf(base + f))];
        });
        return [{ tag: 'script', children: preloadScript(list, routes), injectTo: 'head-prepend' }];
      },
    },
  };
}
