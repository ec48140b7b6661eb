import { describe, expect, it } from 'vitest';
import {
  failingAs,
  incomingFrom,
  open,
  route,
  routeTable,
  type Answers,
  type Endpoint,
  type Guard,
  type Route,
  type Routes,
} from './route.ts';
import { routePath } from './route-path.ts';

type Failure = 'missing' | 'wrong' | 'not-a-number' | 'not-yours';
interface Deps {
  key: string;
  settled: number[];
}

const keyed: Guard<Deps, string, Failure> = {
  name: 'x-key header',
  check({ key }, { request }) {
    const sent = request.headers.get('x-key');
    if (!sent) return { ok: false, failure: 'missing' };
    return sent === key ? { ok: true, value: sent } : { ok: false, failure: 'wrong' };
  },
};

/** A guard that reads the params the input stage validated, and sees the answer. */
const owner: Guard<Deps, number, Failure, { n: number }> = {
  name: 'owner of n',
  check: (_deps, _incoming, { n }) =>
    n % 2 === 0 ? { ok: true, value: n } : { ok: false, failure: 'not-yours' },
  settle: (deps, n, response) => void deps.settled.push(n, response.status),
};

const numbered: Endpoint<Deps, { n: string }, { n: number }, number, Failure> = {
  input: (_deps, _incoming, { n }) =>
    /^\d+$/.test(n)
      ? { ok: true, value: { n: Number(n) } }
      : { ok: false, failure: 'not-a-number' },
  handle: (_deps, { params, access }) => Response.json({ n: params.n, access }, { status: 201 }),
};

// prettier-ignore
const ROUTES = [
  route('GET',           '/items/:id/parts/:part', keyed, (_deps, { params, access, ip }) => Response.json({ ...params, access, ip })),
  route(['PUT', 'POST'], '/numbers/:n',            owner, numbered),
  route('GET',           '/ping',                  open,  () => new Response('pong')),
  route('ALL',           '/any',                   open,  (_deps, { request }) => new Response(request.method)),
  route('GET',           '/boom',                  open,  () => { throw new Error('boom'); }),
];

/** A table asked as the front door asks it; a path no row takes is a 404 here. */
function served(routes: Routes) {
  return {
    async request(path: string, init?: RequestInit): Promise<Response> {
      const request = new Request(`http://localhost${path}`, init);
      return (await routes.answer(incomingFrom(request), routePath(request.url))) ?? notFound();
    },
  };
}
const notFound = () => new Response(null, { status: 404 });

function table<F>(deps: Deps, routes: Route<Deps, F>[], answers: Answers<Deps, F>) {
  return served(routeTable(deps, routes, answers));
}

function app(deps: Deps = { key: 'k', settled: [] }) {
  return table(deps, ROUTES, {
    failure: (failure) => Response.json({ failure }, { status: failure === 'missing' ? 401 : 403 }),
    thrown: (error) => Response.json({ thrown: (error as Error).message }, { status: 500 }),
  });
}

describe('the route shape', () => {
  it('runs the guard, then the handler with typed params, what the guard resolved and the client', async () => {
    const res = await app().request('/items/a%20b/parts/2', { headers: { 'x-key': 'k' } });
    expect(await res.json()).toEqual({ id: 'a b', part: '2', access: 'k', ip: '127.0.0.1' });
  });

  it("answers a guard's failure with the service's answer, without the handler", async () => {
    const missing = await app().request('/items/1/parts/2');
    expect([missing.status, await missing.json()]).toEqual([401, { failure: 'missing' }]);
    const wrong = await app().request('/items/1/parts/2', { headers: { 'x-key': 'no' } });
    expect([wrong.status, await wrong.json()]).toEqual([403, { failure: 'wrong' }]);
  });

  it('reads the input before the guard, which decides on the typed params and sees the answer', async () => {
    const deps = { key: 'k', settled: [] as number[] };
    const bad = await app(deps).request('/numbers/x', { method: 'PUT' });
    expect([bad.status, await bad.json()]).toEqual([403, { failure: 'not-a-number' }]);
    const odd = await app(deps).request('/numbers/3', { method: 'POST' });
    expect(await odd.json()).toEqual({ failure: 'not-yours' });
    const even = await app(deps).request('/numbers/4', { method: 'PUT' });
    expect([even.status, await even.json()]).toEqual([201, { n: 4, access: 4 }]);
    expect(deps.settled).toEqual([4, 201]);
    expect((await app(deps).request('/numbers/4', { method: 'DELETE' })).status).toBe(404);
  });

  it('answers every method on an ALL route, and what a stage threw with the service answer', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'])
      expect(await (await app().request('/any', { method })).text()).toBe(method);
    const boom = await app().request('/boom');
    expect([boom.status, await boom.json()]).toEqual([500, { thrown: 'boom' }]);
  });

  it("gives an endpoint's input the route's own pattern beside the path's parameters", async () => {
    const patterned: Endpoint<Deps, { id: string }, string, undefined, Failure> = {
      input: (_deps, _incoming, { id }, pattern) => ({ ok: true, value: `${pattern} ${id}` }),
      handle: (_deps, { params }) => new Response(params),
    };
    const files = table(
      { key: 'k', settled: [] },
      [route('GET', '/files/:id/*', open, patterned)],
      {
        failure: () => new Response(null, { status: 400 }),
      },
    );
    expect(await (await files.request('/files/a/b/c')).text()).toBe('/files/:id/* a');
  });

  it('answers with the first row whose method and path match, HEAD as GET, and no other', async () => {
    // prettier-ignore
    const rows = [
      route('GET',  '/object/info/:bucket/*', open, (_d, { params }) => new Response(`info ${params.bucket}`)),
      route('GET',  '/object/:bucket/*',      open, (_d, { params }) => new Response(`object ${params.bucket}`)),
      route('POST', '/object/:bucket',        open, () => new Response('post')),
      route('GET',  '/',                      open, () => new Response('root')),
    ];
    const t = table({ key: 'k', settled: [] }, rows, { failure: () => new Response(null) });
    const text = async (path: string, method = 'GET') => {
      const res = await t.request(path, { method });
      return res.status === 404 ? 404 : res.text();
    };
    expect(await text('/object/info/b/k')).toBe('info b');
    expect(await text('/object/b/k/l')).toBe('object b');
    expect(await text('/object/b')).toBe('object b');
    expect(await text('/object/b', 'HEAD')).toBe('object b');
    expect(await text('/object/b', 'POST')).toBe('post');
    expect(await text('/object/b/', 'POST')).toBe(404);
    expect(await text('/object//k')).toBe(404);
    expect(await text('/')).toBe('root');
    expect(await text('/objects/b')).toBe(404);
    expect(await text('/object/a%2Fb/k')).toBe('object a/b');
  });

  it('lets every request through an open guard, and names each guard', async () => {
    expect(await (await app().request('/ping')).text()).toBe('pong');
    expect(ROUTES.map((r) => r.guard)).toEqual([
      'x-key header',
      'owner of n',
      'open',
      'open',
      'open',
    ]);
  });

  it('answers at once when every stage has its answer, and waits for a stage that has not', async () => {
    const incoming = incomingFrom(new Request('http://stack/numbers/4'), {
      ip: '::1',
      apikey: undefined,
    });
    const deps = { key: 'k', settled: [] as number[] };
    const [, numbers] = ROUTES;
    const now = numbers!.run(deps, incoming, { n: '4' });
    expect(now).not.toBeInstanceOf(Promise);
    expect(now).toMatchObject({ ok: true, value: { status: 201 } });
    const later: Guard<Deps, string, Failure> = {
      name: 'later',
      check: async () => ({ ok: false, failure: 'wrong' }),
    };
    const throws: Guard<Deps, string, Failure> = {
      name: 'throws',
      check: async () => {
        throw new Error('guard broke');
      },
    };
    const waited = route('GET', '/w', later, () => new Response('never')).run(deps, incoming, {});
    expect(waited).toBeInstanceOf(Promise);
    expect(await waited).toEqual({ ok: false, failure: 'wrong' });
    const t = table(deps, [route('GET', '/t', throws, () => new Response('never'))], {
      failure: () => new Response(null, { status: 400 }),
      thrown: (error) => new Response((error as Error).message, { status: 500 }),
    });
    const res = await t.request('/t');
    expect([res.status, await res.text()]).toEqual([500, 'guard broke']);
  });

  it("turns a throwing stage's own errors into its typed failure, and throws anything else on", async () => {
    class Refused extends Error {}
    expect(await failingAs(Refused, () => 1)).toEqual({ ok: true, value: 1 });
    const refused = new Refused('no');
    expect(
      await failingAs(Refused, async () => {
        throw refused;
      }),
    ).toEqual({ ok: false, failure: refused });
    await expect(
      failingAs(Refused, () => {
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('bug');
  });
});

describe('a request as the stages see it', () => {
  const request = () =>
    new Request('http://stack/rest/v1/notes?id=eq.1', {
      headers: [
        ['Accept', 'application/json'],
        ['X-Trace', 'a'],
        ['x-trace', 'b'],
      ],
    });

  it('reads the headers off the wire as the Web Headers join them: lower case, repeats joined', () => {
    const raw = ['Accept', 'application/json', 'X-Trace', 'a', 'x-trace', 'b', ':authority', 'x'];
    const fromWire = incomingFrom(request(), { ip: '::1', apikey: undefined, rawHeaders: raw });
    const fromWeb = incomingFrom(request(), { ip: '::1', apikey: undefined });
    expect(fromWire.headerRecord()).toEqual({ accept: 'application/json', 'x-trace': 'a, b' });
    expect(fromWeb.headerRecord()).toEqual(fromWire.headerRecord());
  });

  it('reads the headers and parses the URL once, for every stage', () => {
    const incoming = incomingFrom(request(), { ip: '::1', apikey: undefined });
    expect(incoming.headerRecord()).toBe(incoming.headerRecord());
    expect(incoming.url()).toBe(incoming.url());
    expect(incoming.url().pathname).toBe('/rest/v1/notes');
  });
});
