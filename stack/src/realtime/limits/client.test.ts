import { describe, expect, it } from 'vitest';
import { readRealtimeLimits } from '../../config/realtime.ts';
import { ClientLimiter } from './client.ts';

const limits = readRealtimeLimits({
  SHEAF_REALTIME_CLIENT_MAX_EVENTS_PER_SECOND: '10',
  SHEAF_REALTIME_CHANNEL_MAX_EVENTS_PER_SECOND: '4',
  SHEAF_REALTIME_CLIENT_MAX_BYTES_PER_SECOND: '1000',
  SHEAF_REALTIME_CHANNEL_MAX_BYTES_PER_SECOND: '600',
  SHEAF_REALTIME_CLIENT_MAX_JOINS_PER_SECOND: '3',
  SHEAF_REALTIME_CHANNEL_MAX_JOINS_PER_SECOND: '1',
  SHEAF_REALTIME_CLIENT_MAX_PRESENCE_EVENTS_PER_SECOND: '2',
  TENANT_MAX_CHANNELS_PER_CLIENT: '5',
});

/** A frame through both checks, as the socket makes them. */
function send(l: ClientLimiter, topic: string, event: string, size = 10, joined = true, at = 0) {
  return l.frame(size, at) ?? l.message(topic, event, size, joined, at);
}

describe('ClientLimiter', () => {
  it('refuses the socket’s frame beyond its messages per second, whatever the topic', () => {
    const l = new ClientLimiter(limits, 0);
    for (let i = 0; i < 10; i++) expect(send(l, `t${i % 5}`, 'broadcast')).toBeUndefined();
    expect(send(l, 'other', 'broadcast')).toBe('messages');
    expect(send(l, 'other', 'broadcast', 10, true, 100)).toBeUndefined();
  });

  it('refuses a channel’s message beyond its own rate while the socket’s other channels go on', () => {
    const l = new ClientLimiter(limits, 0);
    for (let i = 0; i < 4; i++) expect(send(l, 'a', 'broadcast')).toBeUndefined();
    expect(send(l, 'a', 'broadcast')).toBe('messages');
    expect(send(l, 'b', 'broadcast')).toBeUndefined();
  });

  it('counts bytes on the socket and on the channel', () => {
    const l = new ClientLimiter(limits, 0);
    expect(send(l, 'a', 'broadcast', 500)).toBeUndefined();
    expect(send(l, 'a', 'broadcast', 200)).toBe('bytes');
    const m = new ClientLimiter(limits, 0);
    expect(send(m, 'a', 'broadcast', 500)).toBeUndefined();
    expect(send(m, 'b', 'broadcast', 400)).toBeUndefined();
    expect(send(m, 'c', 'broadcast', 200)).toBe('bytes');
  });

  it('lets a socket join all its channels at once, then limits joins and re-joins of a topic', () => {
    const l = new ClientLimiter(limits, 0);
    for (let i = 0; i < 5; i++) expect(send(l, `t${i}`, 'phx_join', 10, false)).toBeUndefined();
    expect(send(l, 't5', 'phx_join', 10, false)).toBe('joins');
    const m = new ClientLimiter(limits, 0);
    expect(send(m, 'a', 'phx_join', 10, false)).toBeUndefined();
    expect(send(m, 'a', 'phx_join', 10, false)).toBe('joins');
    expect(send(m, 'a', 'phx_join', 10, false, 1000)).toBeUndefined();
  });

  it('limits presence calls over all the socket’s channels', () => {
    const l = new ClientLimiter(limits, 0);
    expect(send(l, 'a', 'presence')).toBeUndefined();
    expect(send(l, 'b', 'presence')).toBeUndefined();
    expect(send(l, 'c', 'presence')).toBe('presence');
  });

  it('leaves unjoined topics to the socket’s limits alone', () => {
    const l = new ClientLimiter(limits, 0);
    for (let i = 0; i < 10; i++) expect(send(l, 'nowhere', 'broadcast', 10, false)).toBeUndefined();
    expect(send(l, 'nowhere', 'broadcast', 10, false)).toBe('messages');
  });
});
