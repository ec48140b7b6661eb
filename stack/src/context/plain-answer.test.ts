import { describe, expect, it } from 'vitest';
import { plainResponse, withHeaders } from './plain-answer.ts';

describe('a plain answer', () => {
  it('is a Web Response of its parts', async () => {
    const res = plainResponse('[1]', 206, { 'Content-Range': '0-0/2' });
    expect([res.status, res.headers.get('content-range'), await res.text()]).toEqual([
      206,
      '0-0/2',
      '[1]',
    ]);
  });

  it('is made again with more headers, its own (in any case) left as they are', async () => {
    const res = plainResponse(new Uint8Array([1, 2]), 200, { 'x-own': 'a', Vary: 'Origin' });
    const more = withHeaders(res, [
      ['X-Own', 'b'],
      ['Access-Control-Allow-Origin', '*'],
    ])!;
    expect(more.status).toBe(200);
    expect(more.headers.get('x-own')).toBe('a');
    expect(more.headers.get('vary')).toBe('Origin');
    expect(more.headers.get('access-control-allow-origin')).toBe('*');
    expect([...new Uint8Array(await more.arrayBuffer())]).toEqual([1, 2]);
    // And again: the new answer is a plain one too.
    expect(withHeaders(more, [['x-next', '1']])!.headers.get('access-control-allow-origin')).toBe(
      '*',
    );
  });

  it('is told apart from any other Response', () => {
    expect(withHeaders(new Response('x'), [['x-more', '1']])).toBeUndefined();
  });
});
