import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheControlFor, IMMUTABLE } from './asset-caching.ts';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-asset-caching-'));
mkdirSync(path.join(outDir, 'assets'));
writeFileSync(path.join(outDir, 'assets', 'index-AbC123.js'), '');
writeFileSync(path.join(outDir, 'index.html'), '');
writeFileSync(path.join(outDir, 'favicon.svg'), '');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('cacheControlFor', () => {
  it('makes a built file under the assets folder immutable for a year', () => {
    expect(cacheControlFor('/assets/index-AbC123.js', outDir, 'assets')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('leaves index.html and files outside the assets folder to the server (no-cache)', () => {
    expect(cacheControlFor('/index.html', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/favicon.svg', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/n/some-notebook', outDir, 'assets')).toBeNull();
  });

  it('never gives a missing chunk a long lifetime, so its 404 is not cached', () => {
    expect(cacheControlFor('/assets/index-Old999.js', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/assets/', outDir, 'assets')).toBeNull();
  });

  it('does not look outside the build for an escaping or malformed path', () => {
    expect(cacheControlFor('/assets/../index.html', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/assets/%2e%2e/index.html', outDir, 'assets')).toBeNull();
    expect(cacheControlFor('/assets/%E0%A4%A', outDir, 'assets')).toBeNull();
  });
});
