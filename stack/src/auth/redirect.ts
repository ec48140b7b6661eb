// Redirect URLs: a `redirect_to` is honoured only when it points back at site_url (same scheme,
// host and port; any port on loopback), is a loopback IP, or matches one of
// `additional_redirect_urls` as globs with '.' and '/' separators (as Supabase Auth matches them).
// Anything else falls back to site_url, silently, as Supabase does.
import type { Config } from '../config/config.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const REGULAR_HOSTNAME = /^[a-zA-Z0-9-._]+$/;
const DECIMAL_IP = /^[0-9]+$/;

/** Compiles a glob (`*` within a segment, `**` across, `?`, `[…]`, `{a,b}`) to a RegExp. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^./]*';
    } else if (ch === '?') out += '[^./]';
    else if (ch === '[') {
      const end = glob.indexOf(']', i);
      if (end < 0) out += '\\[';
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = end;
      }
    } else if (ch === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((alt) => globToRegExp(alt).source.slice(1, -1))
          .join('|')})`;
        i = end;
      }
    } else if (ch === '\\' && i + 1 < glob.length) out += '\\' + glob[++i];
    else out += ch.replace(/[.+^$()|]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

export function isRedirectAllowed(config: Config, redirect: string): boolean {
  if (!redirect) return false;
  let base: URL;
  let target: URL;
  try {
    base = new URL(config.auth.siteUrl);
    target = new URL(redirect);
  } catch {
    return false;
  }
  // WHATWG URLs rewrite a decimal host (http://2130706433/) to dotted form; look at the raw host.
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(redirect)?.[1] ?? '';
  if (DECIMAL_IP.test(rawHost) || DECIMAL_IP.test(target.hostname)) return false;
  const loopback = LOOPBACK_NAMES.has(target.hostname);
  if (
    base.hostname === target.hostname &&
    base.protocol === target.protocol &&
    (base.port === target.port || loopback)
  )
    return true;
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(target.hostname) || target.hostname.startsWith('['))
    return loopback || target.hostname.startsWith('127.');
  if (isHttp && !REGULAR_HOSTNAME.test(target.hostname)) return false;
  const withoutFragment = redirect.split('#')[0]!;
  return config.auth.additionalRedirectUrls.some((pattern) =>
    globToRegExp(pattern).test(withoutFragment),
  );
}

/** The redirect URL for a request: `redirect_to` (query), else the Referer, else site_url. */
export function redirectFor(request: Request, config: Config): string {
  const candidate = new URL(request.url).searchParams.get('redirect_to') ?? '';
  if (isRedirectAllowed(config, candidate)) return candidate;
  const referer = request.headers.get('referer') ?? '';
  if (isRedirectAllowed(config, referer)) return referer;
  return config.auth.siteUrl;
}
