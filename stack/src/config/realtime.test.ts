import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { EnvConfigError, readRealtimeLimits } from './realtime.ts';

describe('[realtime] config', () => {
  it('defaults to the CLI values and the limits of hosted Realtime’s Free plan', () => {
    const { realtime } = parseConfig({}, '/tmp/supabase', {});
    expect(realtime).toMatchObject({ enabled: true, ipVersion: 'IPv4', maxHeaderLength: 4096 });
    expect(realtime.limits).toMatchObject({
      plan: 'free',
      maxConcurrentUsers: 200,
      maxEventsPerSecond: 100,
      maxJoinsPerSecond: 100,
      maxChannelsPerClient: 100,
      maxPresenceEventsPerSecond: 20,
      maxPayloadSizeKb: 256,
      clientPresenceMaxCalls: 5,
      clientPresenceWindowMs: 30_000,
      maxConnections: 1000,
      websocketTimeoutMs: 60_000,
      clientMaxEventsPerSecond: 100,
      channelMaxEventsPerSecond: 50,
      clientMaxBytesPerSecond: 2_570_000,
      channelMaxBytesPerSecond: 1_285_000,
      clientMaxJoinsPerSecond: 10,
      channelMaxJoinsPerSecond: 2,
      clientMaxPresenceEventsPerSecond: 10,
      authorizationTtlMs: 1000,
    });
  });

  it('takes another plan’s limits, and derives the per-client limits from the project’s', () => {
    expect(readRealtimeLimits({ SHEAF_REALTIME_PLAN: 'Pro' })).toMatchObject({
      plan: 'pro',
      maxConcurrentUsers: 500,
      maxEventsPerSecond: 500,
      maxPresenceEventsPerSecond: 50,
      maxPayloadSizeKb: 3000,
      clientMaxEventsPerSecond: 500,
      channelMaxEventsPerSecond: 250,
    });
    expect(readRealtimeLimits({ SHEAF_REALTIME_PLAN: 'pro-no-spend-cap' })).toMatchObject({
      maxConcurrentUsers: 10_000,
      maxConnections: 10_000,
    });
    expect(
      readRealtimeLimits({
        TENANT_MAX_EVENTS_PER_SECOND: '40',
        SHEAF_REALTIME_CHANNEL_MAX_EVENTS_PER_SECOND: '7',
        TENANT_MAX_PAYLOAD_SIZE_IN_KB: '1',
      }),
    ).toMatchObject({
      clientMaxEventsPerSecond: 40,
      channelMaxEventsPerSecond: 7,
      clientMaxBytesPerSecond: 20_000,
      channelMaxBytesPerSecond: 10_000,
    });
    expect(() => readRealtimeLimits({ SHEAF_REALTIME_PLAN: 'gold' })).toThrow(
      'environment: SHEAF_REALTIME_PLAN: expected one of free, pro, pro_no_spend_cap, team, enterprise, got "gold"',
    );
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
