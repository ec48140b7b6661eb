import { describe, expect, it } from 'vitest';
import { readMultipart } from './multipart.ts';

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of data) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

describe('multipart upload reader', () => {
  it('reads fields, then streams the file part intact whatever the chunking', async () => {
    const file = new Uint8Array(70_000).map((_, i) => (i * 7) % 251);
    const form = new FormData();
    form.append('cacheControl', '60');
    form.append('metadata', '{"a":1}');
    form.append('', new Blob([file], { type: 'image/png' }), 'pic.png');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type')!)![1]!;
    const body = new Uint8Array(await request.arrayBuffer());
    for (const size of [1, 7, 100, 65_536, body.length]) {
      const parsed = await readMultipart(chunked(body, size), boundary);
      expect(parsed.fields).toEqual({ cacheControl: '60', metadata: '{"a":1}' });
      expect(parsed.mimeType).toBe('image/png');
      expect((await collect(parsed.data)).equals(Buffer.from(file))).toBe(true);
    }
  });

  it('fails on a form cut off inside the file', async () => {
    const form = new FormData();
    form.append('', new Blob(['hello world']), 'a.txt');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type')!)![1]!;
    const body = new Uint8Array(await request.arrayBuffer());
    const parsed = await readMultipart(chunked(body.subarray(0, body.length - 20), 8), boundary);
    await expect(collect(parsed.data)).rejects.toMatchObject({ code: 'InvalidRequest' });
  });
});
