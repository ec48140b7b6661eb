import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { EnvConfigError, readRealtimeLimits } from './realtime.ts';

describe('[realtime] config', () => {
  it('defaults to the CLI values and the Realtime server limits', () => {
    const { realtime } = parseConfig({}, '/tmp/supabase', {});
    expect(realtime).toMatchObject({ enabled: true, ipVersion: 'IPv4', maxHeaderLength: 4096 });
    expect(realtime.limits).toMatchObject({
      maxConcurrentUsers: 200,
      maxEventsPerSecond: 100,
      maxJoinsPerSecond: 100,
      maxChannelsPerClient: 100,
      maxPayloadSizeKb: 3000,
      clientPresenceMaxCalls: 5,
      clientPresenceWindowMs: 30_000,
      websocketTimeoutMs: 60_000,
    });
  });

  it('reads the CLI keys', () => {
    const { realtime } = parseConfig(
      { realtime: { enabled: false, ip_version: 'IPv6', max_header_length: 8192 } },
      '/tmp/supabase',
      {},
    );
    expect(realtime).toMatchObject({ enabled: false, ipVersion: 'IPv6', maxHeaderLength: 8192 });
  });

  it('names a bad key of config.toml', () => {
    expect(() => parseConfig({ realtime: { ip_version: 'IPv5' } }, '/tmp/supabase', {})).toThrow(
      /realtime\.ip_version: expected one of "IPv4", "IPv6", got "IPv5"/,
    );
    expect(() => parseConfig({ realtime: { enabled: 'yes' } }, '/tmp/supabase', {})).toThrow(
      /realtime\.enabled/,
    );
  });

  it('takes limits from the environment under the Realtime server names', () => {
    const limits = readRealtimeLimits({
      TENANT_MAX_CONCURRENT_USERS: '1000',
      TENANT_MAX_CHANNELS_PER_CLIENT: ' 3 ',
      SHEAF_REALTIME_WEBSOCKET_TIMEOUT_MS: '2000',
    });
    expect(limits).toMatchObject({
      maxConcurrentUsers: 1000,
      maxChannelsPerClient: 3,
      websocketTimeoutMs: 2000,
    });
  });

  it('refuses a limit that is not a positive integer, naming the variable', () => {
    expect(() => readRealtimeLimits({ TENANT_MAX_EVENTS_PER_SECOND: 'lots' })).toThrow(
      EnvConfigError,
    );
    expect(() => readRealtimeLimits({ TENANT_MAX_EVENTS_PER_SECOND: '0' })).toThrow(
      'environment: TENANT_MAX_EVENTS_PER_SECOND: expected an integer ≥ 1, got "0"',
    );
  });
});
