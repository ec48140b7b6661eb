import { describe, expect, it } from 'vitest';
import { open, route, routeTable, type Route } from '../context/route.ts';
import { createLogger } from '../lib/log.ts';
import { cors } from './cors.ts';
import { frontDoor } from './front-door.ts';

// prettier-ignore
const ROUTES: Route<undefined, never>[] = [
  route('GET', '/json',   open, () => Response.json({ ok: true }, { headers: { 'Content-Range': '0-0/1' } })),
  // Immutable headers:
  route('GET', '/frozen', open, () => Response.redirect('http://example.com/elsewhere', 302)),
];

function app(rows: Route<undefined, never>[] = []) {
  const gate = cors({
    allowMethods: ['GET', 'POST'],
    exposeHeaders: ['Content-Range', 'X-Total-Count'],
    maxAge: 3600,
  });
  const routes = routeTable(undefined, [...rows, ...ROUTES], (never) => never);
  return frontDoor([{ prefix: '', gates: [gate], routes }], createLogger(true));
}

describe('gateway CORS', () => {
  it('allows any origin without credentials and exposes the readable headers on responses', async () => {
    const res = await app().request('/json', { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Range,X-Total-Count');
    expect(res.headers.get('vary')).toBeNull();
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('answers * without an Origin header', async () => {
    const res = await app().request('/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight itself with the methods, the requested headers and max age', async () => {
    const res = await app().request('/json', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization , content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'apikey,authorization,content-type',
    );
    expect(res.headers.get('access-control-max-age')).toBe('3600');
    expect(res.headers.get('vary')).toBe('Access-Control-Request-Headers');
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('never reflects an arbitrary origin, whatever the request', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:5173']) {
      for (const method of ['GET', 'OPTIONS']) {
        const headers: Record<string, string> = { origin };
        if (method === 'OPTIONS') headers['access-control-request-method'] = 'GET';
        const res = await app().request('/json', { method, headers });
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });

  it('leaves a plain OPTIONS (no Access-Control-Request-Method) to the service, adding the origin', async () => {
    const allow = () => new Response(null, { status: 200, headers: { Allow: 'GET' } });
    const res = await app([route('OPTIONS', '/json', open, allow)]).request('/json', {
      method: 'OPTIONS',
      headers: { origin: 'http://a.test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('adds its headers to a response whose headers cannot change', async () => {
    const res = await app().request('/frozen', { headers: { origin: 'http://a.test' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://example.com/elsewhere');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
