import { describe, expect, it } from 'vitest';
import { TrustedProxyError, createClientAddress } from './client-address.ts';

describe('client address', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    const resolve = createClientAddress([]);
    expect(resolve('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For sent by a peer that is not a trusted proxy', () => {
    const resolve = createClientAddress(['10.0.0.0/8']);
    expect(resolve('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the nearest untrusted hop when the peer is a trusted proxy', () => {
    const resolve = createClientAddress(['10.0.0.0/8', '127.0.0.1']);
    expect(resolve('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // A client-written first hop cannot hide the address the proxy saw.
    expect(resolve('10.1.2.3', '1.2.3.4, 198.51.100.1, 10.0.0.9')).toBe('198.51.100.1');
  });

  it('reads IPv4 peers on a dual-stack socket as IPv4', () => {
    const resolve = createClientAddress(['127.0.0.1']);
    expect(resolve('::ffff:127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(createClientAddress([])('::ffff:192.0.2.5', undefined)).toBe('192.0.2.5');
  });

  it('falls back to the peer when a forwarded hop is not an address', () => {
    const resolve = createClientAddress(['127.0.0.1']);
    expect(resolve('127.0.0.1', 'unknown, 198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('127.0.0.1', '198.51.100.1, garbage')).toBe('127.0.0.1');
  });

  it('refuses a malformed trusted proxy naming it', () => {
    expect(() => createClientAddress(['10.0.0.0/33'])).toThrow(TrustedProxyError);
    expect(() => createClientAddress(['proxy.local'])).toThrow(/proxy\.local/);
  });
});
