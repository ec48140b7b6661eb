// The export archive's ZIP writer (Deno code with no Deno APIs, so it runs here too): the
// standard CRC-32 check value, and an archive whose entries read back byte for byte.
import { describe, expect, it } from 'vitest';
import { buildZip, crc32 } from '../../../supabase/functions/_shared/zip.ts';
import { readZip } from './support/functions.ts';

describe('export ZIP writer', () => {
  it('computes the standard CRC-32 check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes stored entries with UTF-8 names that read back unchanged', () => {
    const binary = Uint8Array.from([0, 1, 2, 254, 255]);
    const zip = buildZip([
      { name: 'sheaf-export.json', data: new TextEncoder().encode('{"ok":true}') },
      { name: 'files/attachments/é/b.bin', data: binary },
      { name: 'empty.txt', data: new Uint8Array() },
    ]);
    const entries = readZip(zip.buffer);
    expect([...entries.keys()]).toEqual([
      'sheaf-export.json',
      'files/attachments/é/b.bin',
      'empty.txt',
    ]);
    expect(new TextDecoder().decode(entries.get('sheaf-export.json'))).toBe('{"ok":true}');
    expect(entries.get('files/attachments/é/b.bin')).toEqual(binary);
    expect(entries.get('empty.txt')).toEqual(new Uint8Array());
  });
});
