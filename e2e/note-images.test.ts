// Images in notes, in Chromium: an image pasted into a brand-new note (which is saved first)
// or dropped into the text uploads as an attachment of the note and shows inline in the
// preview; attachment thumbnails draw for every image type browsers can show (PNG, JPEG, GIF,
// WebP, SVG, BMP, ICO), and other images (HEIC) show their type instead of a broken image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyEditor,
  bodyText,
  createNotebook,
  newNote,
  signedInPerson,
  waitSaved,
  type Person,
} from './notes-support/notes-steps.ts';
import { seriousViolations } from './support/axe.ts';
import { startE2E, type E2E } from './support/harness.ts';
import { screenshots } from './support/screenshots.ts';
import { unique } from './support/users.ts';

let e2e: E2E;
let owner: Person;

// A 2×2 PNG and a 1×1 GIF.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/** A 1×1 24-bit BMP. */
function bmp(): Buffer {
  const b = Buffer.alloc(58);
  b.write('BM', 0);
  b.writeUInt32LE(58, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(4, 34);
  b.set([0x40, 0x80, 0x20], 54);
  return b;
}

/** An ICO holding the PNG. */
function ico(): Buffer {
  const png = Buffer.from(PNG, 'base64');
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(2, 6);
  head.writeUInt8(2, 7);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await signedInPerson(e2e, unique('images'), 'images-pass-123');
});

afterAll(async () => {
  await e2e?.close();
});

/** Sends a paste or drop of one image file to the editor. */
async function sendImage(kind: 'paste' | 'drop', name: string) {
  await owner.page.evaluate(
    ({ kind, name, b64 }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      const target = document.querySelector('.cm-content')!;
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    },
    { kind, name, b64: PNG },
  );
}

describe('images in notes', () => {
  it('uploads a pasted or dropped image and shows it inline', async () => {
    const { page } = owner;
    const notebookId = await createNotebook(e2e, page, 'Photos');
    const noteId = await newNote(page);
    await bodyEditor(page).click();
    await sendImage('paste', 'pasted.png');
    await page.waitForFunction(() =>
      document.querySelector('.cm-content')?.textContent?.includes('![pasted.png](attachment:'),
    );
    await waitSaved(page);
    await page.locator('.att-item__name', { hasText: 'pasted.png' }).waitFor();
    await sendImage('drop', 'dropped.png');
    await page.locator('.att-item__name', { hasText: 'dropped.png' }).waitFor();
    await waitSaved(page);
    const body = await bodyText(page);
    expect(body).toContain(`(attachment:${notebookId}/${noteId}/`);
    expect(body).not.toContain('Uploading');

    await page.getByRole('button', { name: 'Reading view' }).click();
    const preview = page.getByRole('region', { name: 'Reading view' });
    for (const name of ['pasted.png', 'dropped.png']) {
      const image = preview.getByRole('img', { name });
      await image.waitFor();
      await page.waitForFunction(
        (alt) =>
          (document.querySelector(`.markdown img[alt="${alt}"]`) as HTMLImageElement | null)
            ?.naturalWidth === 2,
        name,
      );
    }
    await screenshots(page, 'note-images');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('draws a thumbnail for every image type browsers show, and the type for others', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Reading view' }).click();
    const raster = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 3;
      canvas.height = 2;
      canvas.getContext('2d')!.fillRect(0, 0, 3, 2);
      const encode = (type: string) =>
        new Promise<string>((resolve) =>
          canvas.toBlob(async (blob) => {
            const bytes = new Uint8Array(await blob!.arrayBuffer());
            resolve(btoa(String.fromCharCode(...bytes)));
          }, type),
        );
      return { jpeg: await encode('image/jpeg'), webp: await encode('image/webp') };
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="teal"/></svg>';
    const files = [
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(raster.jpeg, 'base64') },
      { name: 'b.webp', mimeType: 'image/webp', buffer: Buffer.from(raster.webp, 'base64') },
      { name: 'c.gif', mimeType: 'image/gif', buffer: Buffer.from(GIF, 'base64') },
      { name: 'd.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) },
      { name: 'e.bmp', mimeType: 'image/bmp', buffer: bmp() },
      { name: 'f.ico', mimeType: 'image/x-icon', buffer: ico() },
      { name: 'g.heic', mimeType: '', buffer: Buffer.from('not really a heic file') },
    ];
    await page.getByLabel('Files to attach').setInputFiles(files);
    for (const file of files)
      await page.locator('.att-item__name', { hasText: file.name }).waitFor();
    for (const name of ['pasted.png', 'a.jpg', 'b.webp', 'c.gif', 'd.svg', 'e.bmp', 'f.ico']) {
      await page.getByRole('img', { name }).waitFor();
      await page.waitForFunction(
        (alt) =>
          ((document.querySelector(`img.att-item__thumb[alt="${alt}"]`) as HTMLImageElement | null)
            ?.naturalWidth ?? 0) > 0,
        name,
      );
    }
    const heic = page.getByTestId('attachment').filter({ hasText: 'g.heic' });
    await expect(heic.locator('.att-item__thumb--file').textContent()).resolves.toBe('HEIC');
    expect(await heic.locator('img').count()).toBe(0);
    await screenshots(page, 'note-thumbnails');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
