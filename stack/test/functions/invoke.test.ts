import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction, client, service, startFunctionsStack } from './helpers.ts';

interface Echo {
  method: string;
  pathname: string;
  search: string;
  query: Record<string, string>;
  authorization: string | null;
  custom: string | null;
  contentType: string | null;
  body: string;
}

describe.each(DRIVERS)('invoking edge functions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it('runs a function through supabase.functions.invoke with a JSON body', async () => {
    const { data, error } = await client(stack).functions.invoke<Echo>('echo', {
      body: { name: 'Ada' },
      headers: { 'x-custom': 'yes' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      pathname: '/echo',
      custom: 'yes',
      contentType: 'application/json',
      body: '{"name":"Ada"}',
      authorization: `Bearer ${stack.keys.anonKey}`,
    });
  });

  it('passes every method, sub-paths and query strings through', async () => {
    const sb = service(stack);
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const { data, error } = await sb.functions.invoke<Echo>('echo/items/42?sort=desc&x=1', {
        method,
        ...(method === 'GET' ? {} : { body: 'plain text' }),
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        method,
        pathname: '/echo/items/42',
        search: '?sort=desc&x=1',
        query: { sort: 'desc', x: '1' },
        body: method === 'GET' ? '' : 'plain text',
      });
    }
  });

  it('passes a method beyond the usual ones through, behind verify_jwt too', async () => {
    const res = await callFunction(stack, 'echo/dav', { method: 'PROPFIND' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'PROPFIND', pathname: '/echo/dav' });
    const refused = await fetch(`${stack.url}/functions/v1/echo/dav`, { method: 'PROPFIND' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  });

  it('passes response headers through, cookies included', async () => {
    const res = await callFunction(stack, 'echo');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-from-function')).toBe('echo');
    expect(res.headers.get('set-cookie')).toBe('a=1');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('refuses a call without Authorization when verify_jwt is on, without calling the function', async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, {
      headers: { apikey: stack.keys.anonKey },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  });

  it('lets a CORS preflight reach the function without a JWT, with the function’s own headers', async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as Echo;
    expect(echo.method).toBe('OPTIONS');
    // The gateway adds no CORS headers of its own to function responses.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-from-function')).toBe('echo');
  });

  it('refuses a bearer that is not a valid JWT of the project', async () => {
    for (const token of ['not-a-jwt', stack.keys.publishableKey, stack.keys.anonKey + 'x']) {
      const res = await callFunction(stack, 'echo', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    }
    const { error } = await client(stack, stack.keys.publishableKey).functions.invoke('echo');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({
      code: 401,
      message: 'Missing authorization header',
    });
  });

  it('accepts a user access token signed with the signing key', async () => {
    const token = await stack.keys.signAccessToken({
      sub: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const res = await callFunction(stack, 'echo', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).authorization).toBe(`Bearer ${token}`);
  });

  it('refuses an expired access token', async () => {
    const token = await stack.keys.signAccessToken({
      sub: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await callFunction(stack, 'echo', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('calls a verify_jwt = false function without any key or token', async () => {
    const res = await fetch(`${stack.url}/functions/v1/open`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('open to all');
  });

  it('answers 404 in Supabase shape for unknown, disabled and invalid names', async () => {
    for (const path of ['nope', 'disabled', '_shared', '9lives', '']) {
      const res = await callFunction(stack, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      });
    }
  });

  it('answers an unknown name 404 before verify_jwt asks for a token', async () => {
    for (const path of ['nope', 'nope/sub', '']) {
      const res = await fetch(`${stack.url}/functions/v1/${path}`, { method: 'POST' });
      expect([path, res.status]).toEqual([path, 404]);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('gives the function the CLI environment, [edge_runtime.secrets] and functions/.env', async () => {
    const { data, error } = await service(stack).functions.invoke<Record<string, string>>('env');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      SUPABASE_URL: stack.url,
      SUPABASE_ANON_KEY: stack.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.keys.secretKey }),
      GREETING: 'hello from .env',
      FROM_CONFIG: 'config secret',
      QUOTED: 'two\nlines',
      SINGLE: 'kept # not a comment',
    });
    expect(data!.SUPABASE_DB_URL).toMatch(/^postgres(ql)?:\/\//);
    expect(data!.SB_EXECUTION_ID).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(data!.SUPABASE_JWKS!)).toEqual(stack.keys.jwks);
    expect(data).not.toHaveProperty('SUPABASE_SHOULD_BE_SKIPPED');
    for (const name of ['DATABASE_URL', 'DENO_DIR', 'NO_COLOR', 'HOME'])
      expect(data).not.toHaveProperty(name);
  });

  it('lets a function call back into the stack with the service key', async () => {
    const { data, error } = await service(stack).functions.invoke('callback');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      health: { status: 200, body: { status: 'ok' } },
      echo: { status: 200, body: { pathname: '/echo/from-callback', query: { via: 'callback' } } },
    });
  });

  it('reaches the same database through SUPABASE_DB_URL', async () => {
    await stack.db.query(`insert into public.fn_notes (title) values ('third')`);
    const { data, error } = await service(stack).functions.invoke('db');
    expect(error).toBeNull();
    expect(data).toEqual({ rows: [['42', '3']] });
  });
});
