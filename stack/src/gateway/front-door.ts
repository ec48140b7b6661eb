// The stack's one front door: every HTTP request (and every WebSocket upgrade, gateway/upgrade.ts)
// comes in here. It reads the request's path once (context/route-path.ts), finds the mount whose
// prefix the path is under, makes the request's one Incoming (context/route.ts), runs the
// mount's gates around the service's table (gate.ts), and answers what no row matched or a
// service threw in the gateway's own shape. Nothing but this sits between Node's HTTP server
// (through @hono/node-server's Web Request/Response bridge) and a service's rows.
import type { Bindings } from '../context/context.ts';
import { incomingFrom, type Incoming, type Routes } from '../context/route.ts';
import { routePath } from '../context/route-path.ts';
import type { Logger } from '../lib/log.ts';
import { throughGates, type Answer, type Gate } from './gate.ts';

export interface DoorMount {
  /** The path the service is under (`/rest/v1`); '' for every path. */
  prefix: string;
  gates: readonly Gate[];
  routes: Routes;
}

export interface FrontDoor {
  /** The answer to a request; `env` is what Node's server gives beside it (none in process). */
  fetch(request: Request, env?: Bindings): Answer;
  /** A request made in process, as fetch() takes a path or URL (tests): `http://localhost…`. */
  request(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

/** What the gateway answers for a path no route takes, as Supabase's gateway (Kong) does. */
export function noRoute(): Response {
  return Response.json({ message: 'no Route matched with those values' }, { status: 404 });
}

function unexpected(): Response {
  return Response.json({ message: 'An unexpected error occurred' }, { status: 500 });
}

/** A HEAD is answered as the GET is, without its body. */
function headOf(res: Response): Response {
  return res.body === null ? res : new Response(null, res);
}

export function frontDoor(mounts: readonly DoorMount[], log: Logger): FrontDoor {
  const failed = (error: unknown, incoming: Incoming) => {
    const { method, url } = incoming.request;
    log.error(`unhandled error on ${method} ${routePath(url)}`, error);
    return unexpected();
  };

  function serve(mount: DoorMount, path: string, incoming: Incoming): Answer {
    const below = path.length > mount.prefix.length ? path.slice(mount.prefix.length) : '/';
    const inner = (): Answer => {
      try {
        const answer = mount.routes.answer(incoming, below) ?? noRoute();
        return answer instanceof Promise ? answer.catch((e) => failed(e, incoming)) : answer;
      } catch (error) {
        return failed(error, incoming);
      }
    };
    return throughGates(mount.gates, incoming, inner);
  }

  function fetch(request: Request, env: Bindings = {}): Answer {
    const path = routePath(request.url);
    const mount = mounts.find(
      ({ prefix }) => path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/'),
    );
    if (!mount) return noRoute();
    const node = env.incoming;
    const incoming = incomingFrom(request, {
      rawHeaders: node?.rawHeaders,
      stream: env.upgrade ? undefined : node,
      env,
    });
    let answer: Answer;
    try {
      answer = serve(mount, path, incoming);
    } catch (error) {
      return failed(error, incoming);
    }
    if (request.method !== 'HEAD')
      return answer instanceof Promise ? answer.catch((e) => failed(e, incoming)) : answer;
    return answer instanceof Promise
      ? answer.then(headOf, (e) => failed(e, incoming))
      : headOf(answer);
  }

  return {
    fetch,
    async request(input, init) {
      const request =
        input instanceof Request
          ? input
          : new Request(
              typeof input === 'string' && input.startsWith('/')
                ? `http://localhost${input}`
                : input,
              init,
            );
      return fetch(request);
    },
  };
}
