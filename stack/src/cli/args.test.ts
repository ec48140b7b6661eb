import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from './args.ts';

describe('parseArgs', () => {
  it('has the documented defaults', () => {
    expect(parseArgs(['start'])).toEqual({
      command: 'start',
      workdir: 'supabase',
      memory: false,
      trustedProxies: [],
      json: false,
    });
  });

  it('reads every option, in both --flag value and --flag=value forms', () => {
    expect(
      parseArgs([
        'start',
        '--workdir',
        'x',
        '--port=6000',
        '--memory',
        '--database-url',
        'postgres://h/db',
        '--trusted-proxy',
        '10.0.0.0/8',
        '--trusted-proxy=::1',
      ]),
    ).toEqual({
      command: 'start',
      workdir: 'x',
      port: 6000,
      memory: true,
      databaseUrl: 'postgres://h/db',
      trustedProxies: ['10.0.0.0/8', '::1'],
      json: false,
    });
    expect(parseArgs(['status', '--json', '--port', '7000'])).toMatchObject({
      command: 'status',
      json: true,
      port: 7000,
    });
  });

  it('reads gen types with its schemas, database and language', () => {
    expect(
      parseArgs([
        'gen',
        'types',
        '--lang',
        'typescript',
        '--schema',
        'public',
        '--schema=other',
        '--db-url',
        'postgres://h/db',
      ]),
    ).toMatchObject({
      command: 'gen-types',
      workdir: 'supabase',
      schemas: ['public', 'other'],
      databaseUrl: 'postgres://h/db',
    });
  });

  it.each([
    [['launch'], 'unknown command "launch"'],
    [['gen'], 'unknown command "gen "'],
    [['gen', 'typez'], 'did you mean "gen types"?'],
    [['gen', 'types', '--lang', 'go'], 'only typescript is supported'],
    [['start', '--port', 'abc'], '--port must be a number from 1 to 65535'],
    [['start', '--port'], '--port needs a value'],
    [['start', '--frobnicate'], 'unknown option "--frobnicate"'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
