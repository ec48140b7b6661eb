import { describe, expect, it } from 'vitest';
import { readRealtimeLimits } from '../../config/realtime.ts';
import { createLimits, senderOf } from './limits.ts';

const config = readRealtimeLimits({ TENANT_MAX_EVENTS_PER_SECOND: '10' });

describe('project limits', () => {
  it('refuse nobody while the project is within its rate', () => {
    const limits = createLimits(config, { clock: false });
    limits.count('events', 'user:a', 45);
    limits.tick();
    expect(limits.avg('events')).toBe(9);
    expect(limits.refuses('events', 'user:a')).toBe(false);
  });

  it('over the rate, refuse only a sender using more than its share', () => {
    const limits = createLimits(config, { clock: false });
    limits.count('events', 'user:flood', 200);
    limits.count('events', 'user:quiet', 5);
    limits.tick();
    expect(limits.avg('events')).toBe(41);
    // Two senders active: a share is 5 per second.
    expect(limits.refuses('events', 'user:flood')).toBe(true);
    expect(limits.refuses('events', 'user:quiet')).toBe(false);
    expect(limits.refuses('events', 'socket:new')).toBe(false);
  });

  it('refuse everyone over their share when all of them together exceed the rate', () => {
    const limits = createLimits(config, { clock: false });
    for (const who of ['a', 'b', 'c', 'd']) limits.count('events', `user:${who}`, 20);
    limits.tick();
    for (const who of ['a', 'b', 'c', 'd'])
      expect(limits.refuses('events', `user:${who}`)).toBe(true);
  });

  it('lift the refusal once the window has moved past the excess, and forget idle senders', () => {
    const limits = createLimits(config, { clock: false });
    limits.count('events', 'user:flood', 500);
    limits.tick();
    expect(limits.refuses('events', 'user:flood')).toBe(true);
    for (let i = 0; i < 12; i++) limits.tick();
    expect(limits.refuses('events', 'user:flood')).toBe(false);
    expect(limits.senderAvg('events', 'user:flood')).toBe(0);
  });

  it('count a person by their token’s sub, anyone else by what they sent through', () => {
    expect(senderOf({ sub: 'u1', role: 'authenticated' }, 'socket:1')).toBe('user:u1');
    expect(senderOf({ role: 'anon' }, 'socket:1')).toBe('socket:1');
    expect(senderOf(undefined, 'db:postgres')).toBe('db:postgres');
  });
});
