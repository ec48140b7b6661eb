import { describe, expect, it } from 'vitest';
import { pathMatcher, routePath } from './route-path.ts';

describe('the path routes match', () => {
  it('is the URL’s path as sent, without its query or fragment', () => {
    expect(routePath('http://stack/rest/v1/notes?id=eq.1')).toBe('/rest/v1/notes');
    expect(routePath('http://stack/a#b?c')).toBe('/a');
    expect(routePath('http://stack')).toBe('/');
  });

  it('is decoded as a URI: an encoded slash, question mark or percent stays encoded', () => {
    expect(routePath('http://stack/a%20b/%C3%A9')).toBe('/a b/é');
    expect(routePath('http://stack/a%2Fb%3Fc')).toBe('/a%2Fb%3Fc');
    expect(routePath('http://stack/a%2520b')).toBe('/a%2520b');
  });

  it('keeps an escape that does not decode and decodes the rest', () => {
    expect(routePath('http://stack/%zz/%C3%A9/%E9')).toBe('/%zz/é/%E9');
  });
});

describe('a route’s pattern', () => {
  it('matches literal segments exactly, a trailing slash being a segment of its own', () => {
    const match = pathMatcher('/bucket');
    expect(match('/bucket')).toEqual({});
    expect(match('/bucket/')).toBeNull();
    expect(match('/Bucket')).toBeNull();
    expect(pathMatcher('/')('/')).toEqual({});
    expect(pathMatcher('/')('/x')).toBeNull();
  });

  it('takes one non-empty segment for a parameter, decoded as a component', () => {
    const match = pathMatcher('/bucket/:id/empty');
    expect(match('/bucket/b1/empty')).toEqual({ id: 'b1' });
    expect(match('/bucket//empty')).toBeNull();
    expect(match('/bucket/a%2Fb%20c/empty')).toEqual({ id: 'a/b c' });
    expect(match('/bucket/%E9/empty')).toEqual({ id: '%E9' });
  });

  it('takes the rest of the path for a trailing *, nothing included', () => {
    const match = pathMatcher('/object/:bucket/*');
    expect(match('/object/b')).toEqual({ bucket: 'b' });
    expect(match('/object/b/')).toEqual({ bucket: 'b' });
    expect(match('/object/b/x/y')).toEqual({ bucket: 'b' });
    expect(match('/object')).toBeNull();
    expect(pathMatcher('/*')('/')).toEqual({});
    expect(pathMatcher('/*')('/any/thing')).toEqual({});
    expect(pathMatcher('/files/*')('/filesystem')).toBeNull();
  });
});
