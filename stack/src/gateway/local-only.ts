// A guard for the developer's own tools (the inbox shows sign-in codes and links): no CORS, so
// no other site's script can read an answer; requests a browser marks as sent by another site
// are refused outright (they could still change state, e.g. clear the inbox); and the Host must
// name this stack — a loopback name or address, or the host of its public URL — so a hostile
// page cannot reach it through DNS rebinding.
import net from 'node:net';
import type { StackContext } from '../context/context.ts';
import type { Gate } from './gate.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header, without the port. */
function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
}

export function localOnly(ctx: Pick<StackContext, 'apiUrl'>): Gate {
  const own = new URL(ctx.apiUrl).hostname.toLowerCase();
  return {
    before(incoming) {
      const headers = incoming.headerRecord();
      const name = hostName((headers.host ?? '').toLowerCase());
      const hostOk =
        name === '' ||
        LOOPBACK_NAMES.has(name) ||
        name.endsWith('.localhost') ||
        name === own ||
        net.isIP(name.replace(/^\[|\]$/g, '')) !== 0;
      if (!hostOk || headers['sec-fetch-site'] === 'cross-site')
        return Response.json(
          { message: 'The inbox is only served to this machine' },
          { status: 403 },
        );
      return undefined;
    },
  };
}
