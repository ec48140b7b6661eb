import { describe, expect, it } from 'vitest';
import { contentTypeOf, negotiate } from './media.ts';

describe('media types', () => {
  it('choose the first acceptable type by quality, with nulls=stripped on PostgREST’s own', () => {
    expect(
      negotiate('text/csv;q=0.5, application/vnd.pgrst.object+json;nulls=stripped', false),
    ).toEqual({
      accept: 'object',
      stripNulls: true,
    });
    expect(negotiate('application/json;nulls=stripped', false)).toEqual({
      accept: 'json',
      stripNulls: false,
    });
    expect(negotiate(null, true)).toEqual({ accept: 'openapi', stripNulls: false });
    expect(negotiate('image/png, application/geo+json', false)).toEqual({
      accept: 'geojson',
      stripNulls: false,
    });
  });

  it('read an execution-plan request: format, the type it is for, and options', () => {
    expect(
      negotiate(
        'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose|bogus;',
        false,
      ),
    ).toEqual({
      accept: 'plan',
      stripNulls: false,
      explain: {
        format: 'json',
        for: 'csv',
        options: ['analyze', 'verbose'],
        mime: 'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose',
      },
    });
    expect(negotiate('application/vnd.pgrst.plan', false).explain).toMatchObject({
      format: 'text',
      for: 'json',
      options: [],
    });
    expect(
      negotiate('application/vnd.pgrst.plan+text; for="application/geo+json"', false).explain,
    ).toMatchObject({
      for: 'geojson',
      mime: expect.stringContaining('for="application/geo+json"'),
    });
    expect(
      negotiate('application/vnd.pgrst.plan; for="application/vnd.pgrst.array+json"', false)
        .explain,
    ).toMatchObject({
      for: 'json',
      mime: 'application/vnd.pgrst.plan+text; for="application/json"',
    });
  });

  it('keep what answers instead of a plan the database may not allow', () => {
    expect(negotiate('application/vnd.pgrst.plan, text/csv;q=0.5', false).withoutPlan).toEqual({
      accept: 'csv',
      stripNulls: false,
    });
    expect(negotiate('application/vnd.pgrst.plan', false).withoutPlan).toBeUndefined();
  });

  it('pass over a plan for a type nothing produces, and name it when nothing fits', () => {
    expect(negotiate('application/vnd.pgrst.plan; for="text/plain", text/csv', false)).toEqual({
      accept: 'csv',
      stripNulls: false,
    });
    expect(() =>
      negotiate('application/vnd.pgrst.plan+json; for="text/plain"; options=verbose', false),
    ).toThrow(
      'None of these media types are available: application/vnd.pgrst.plan+json; for="text/plain"; options=verbose',
    );
  });

  it('read a body’s type, JSON when none is given', () => {
    expect(contentTypeOf(null)).toEqual({ type: 'json', mime: 'application/json' });
    expect(contentTypeOf('Text/Plain; charset=utf-8')).toEqual({
      type: 'text',
      mime: 'text/plain',
    });
    expect(contentTypeOf('image/png').type).toBe('other');
  });
});
