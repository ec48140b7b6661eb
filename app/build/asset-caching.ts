// A Vite plugin giving `vite preview` the caching any production static host gives a Vite build:
// the content-hashed files under /assets/ never change under their name, so they are sent with
// `Cache-Control: public, max-age=31536000, immutable` (a warm load then asks the server for
// nothing but index.html), while index.html and every other file stay `no-cache` (revalidated on
// each load, so a new deployment is seen at once). Vite's own preview server sends `no-cache` for
// everything, which makes every warm load revalidate each chunk. A deployment must do the same
// (docs/architecture.md). Only files that exist get the long lifetime: a missing chunk's 404 must
// never be cached.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control for a request path of the build in `outDir`, or null to leave Vite's own. */
export function cacheControlFor(
  pathname: string,
  outDir: string,
  assetsDir: string,
): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const prefix = `/${assetsDir.replace(/^\/+|\/+$/g, '')}/`;
  if (!decoded.startsWith(prefix)) return null;
  const file = path.resolve(outDir, `.${decoded}`);
  if (!file.startsWith(path.resolve(outDir, assetsDir) + path.sep)) return null;
  try {
    return statSync(file).isFile() ? IMMUTABLE : null;
  } catch {
    return null;
  }
}

export function assetCaching(): Plugin {
  return {
    name: 'sheaf-asset-caching',
    configurePreviewServer(server) {
      const { root, build, base } = server.config;
      const outDir = path.resolve(root, build.outDir);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        const pathname = url.split(/[?#]/)[0]!;
        const local = pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
        const value =
          req.method === 'GET' || req.method === 'HEAD'
            ? cacheControlFor(local, outDir, build.assetsDir)
            : null;
        if (value) res.setHeader('Cache-Control', value);
        next();
      });
    },
  };
}
