// Who is on the other end of a request. Rate limits and audit entries key on this address, so
// it must not be something a client can choose: X-Forwarded-For is believed only when the
// socket's peer is a proxy the developer trusts (`--trusted-proxy` / SHEAF_TRUSTED_PROXIES;
// none by default), as a gateway in front of Supabase Auth would set it.
import net from 'node:net';

export class TrustedProxyError extends Error {}

/** Resolves a request's client address from its socket peer and X-Forwarded-For header. */
export type ClientAddress = (peer: string | undefined, forwardedFor: string | undefined) => string;

const PLAIN_V4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
function normalise(address: string): string {
  // A plain IPv4 address (every request's peer on loopback) is itself.
  if (PLAIN_V4.test(address)) return address;
  const trimmed = address.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * Builds the resolver for a list of trusted proxies, each an address or a CIDR range
 * (`10.0.0.0/8`, `::1`). A malformed entry is a TrustedProxyError naming it.
 */
export function createClientAddress(trustedProxies: readonly string[]): ClientAddress {
  const trusted = new net.BlockList();
  for (const entry of trustedProxies) {
    const [address = '', bits] = entry.trim().split('/');
    const family = net.isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const max = family === 6 ? 128 : 32;
    if (
      !family ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))
    )
      throw new TrustedProxyError(`trusted proxy "${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, prefix, type);
  }
  const isTrusted = (address: string) => {
    const family = net.isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (peer, forwardedFor) => {
    const socket = normalise(peer ?? '') || '127.0.0.1';
    if (trustedProxies.length === 0 || !isTrusted(socket) || !forwardedFor) return socket;
    // Walk the chain from the nearest hop back: the first address no trusted proxy vouches for
    // is the client. Anything further left was written by that client and proves nothing.
    const hops = forwardedFor.split(',').map(normalise).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!net.isIP(hop)) return socket;
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? socket;
  };
}
