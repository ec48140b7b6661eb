import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, anonClient, serviceClient, storageFetch } from './helpers.ts';

/** The width, height and format of an image response. */
async function imageOf(res: Response) {
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

describe.each(DRIVERS)('storage image transformations on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, config: STORAGE_CONFIG });
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer();
    for (const bucket of ['private', 'avatars'])
      await serviceClient(stack)
        .storage.from(bucket)
        .upload('pic.png', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    await serviceClient(stack)
      .storage.from('private')
      .upload('notes.txt', 'not an image', { contentType: 'text/plain' });
  });
  afterAll(() => stack?.close());

  it('resizes as the caller: cover crops, contain fits, and it never enlarges', async () => {
    const cover = await storageFetch(
      stack,
      '/render/image/authenticated/private/pic.png?width=100&height=100',
    );
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(cover.headers.get('x-transformations')).toBe('height:100,width:100,resizing_type:fill');
    expect(await imageOf(cover)).toEqual({ width: 100, height: 100, format: 'png' });
    const contain = await storageFetch(
      stack,
      '/render/image/authenticated/private/pic.png?width=100&height=100&resize=contain',
    );
    expect(await imageOf(contain)).toMatchObject({ width: 100, height: 75 });
    const large = await storageFetch(
      stack,
      '/render/image/authenticated/private/pic.png?width=1000',
    );
    expect(await imageOf(large)).toMatchObject({ width: 400, height: 300 });
  });

  it('answers WebP to clients that accept it, unless the original format is asked for', async () => {
    const webp = await storageFetch(stack, '/render/image/authenticated/private/pic.png?width=50', {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect((await imageOf(webp)).format).toBe('webp');
    const origin = await storageFetch(
      stack,
      '/render/image/authenticated/private/pic.png?width=50&format=origin',
      { headers: { accept: 'image/webp,*/*' } },
    );
    expect(origin.headers.get('content-type')).toBe('image/png');
  });

  it('renders public buckets without a key and signed URLs with the signed transformations', async () => {
    const { data } = anonClient(stack)
      .storage.from('avatars')
      .getPublicUrl('pic.png', { transform: { width: 40, height: 30 } });
    const pub = await fetch(data.publicUrl);
    expect(await imageOf(pub)).toMatchObject({ width: 40, height: 30 });
    const priv = await fetch(
      `${stack.url}/storage/v1/render/image/public/private/pic.png?width=40`,
    );
    expect(await priv.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });

    const signed = await serviceClient(stack)
      .storage.from('private')
      .createSignedUrl('pic.png', 60, { transform: { width: 80, height: 80, quality: 60 } });
    expect(signed.data?.signedUrl).toContain('/render/image/sign/private/pic.png?token=');
    const res = await fetch(`${signed.data!.signedUrl}&width=300`);
    expect(res.headers.get('x-transformations')).toBe(
      'height:80,width:80,resizing_type:fill,quality:60',
    );
    expect(res.headers.get('expires')).toBeTruthy();
    expect(await imageOf(res)).toMatchObject({ width: 80, height: 80 });
  });

  it('refuses what is not an image and transformations out of range in Storage shape', async () => {
    const text = await storageFetch(
      stack,
      '/render/image/authenticated/private/notes.txt?width=10',
    );
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      code: 'InvalidRequest',
      message: 'The source image is invalid or unsupported for rendering',
    });
    const quality = await storageFetch(
      stack,
      '/render/image/authenticated/private/pic.png?quality=5',
    );
    expect(await quality.json()).toMatchObject({ message: 'querystring/quality must be >= 20' });
  });
});
