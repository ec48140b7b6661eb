import { describe, expect, it } from 'vitest';
import type { StorageError } from './errors.ts';
import {
  bucketSizeLimit,
  mustBeAllowedMime,
  mustBeValidBucketName,
  mustBeValidKey,
  mustFitHostedKey,
  parseSizeString,
} from './validate.ts';

const codeOf = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as StorageError).code;
  }
};

describe('storage input rules', () => {
  it('accepts the keys Supabase accepts', () => {
    for (const key of ['a.txt', 'folder/sub/file name (1).png', "it's@home+1,2;3=4&$!*:?.txt"])
      expect(codeOf(() => mustBeValidKey(key))).toBeUndefined();
  });

  it('refuses traversal, absolute, NUL, backslash and non-ASCII keys', () => {
    for (const key of ['', '../x', 'a/../b', './a', 'a/.', '/etc/passwd', 'a\0b', 'a\\b', 'ü.txt'])
      expect(codeOf(() => mustBeValidKey(key))).toBe('InvalidKey');
  });

  it('refuses bucket names with slashes, padding or over 100 characters', () => {
    expect(codeOf(() => mustBeValidBucketName('avatars'))).toBeUndefined();
    for (const name of ['a/b', ' padded', 'x'.repeat(101), ''])
      expect(codeOf(() => mustBeValidBucketName(name))).toBe('InvalidBucketName');
  });

  it('matches MIME types exactly or by type/* wildcard', () => {
    expect(codeOf(() => mustBeAllowedMime('image/png', ['image/*']))).toBeUndefined();
    expect(
      codeOf(() => mustBeAllowedMime('text/plain;charset=UTF-8', ['text/plain'])),
    ).toBeUndefined();
    expect(codeOf(() => mustBeAllowedMime('application/pdf', ['image/*']))).toBe('InvalidMimeType');
    expect(codeOf(() => mustBeAllowedMime('anything', []))).toBeUndefined();
  });

  it('parses size strings with decimal units and caps bucket limits by the global one', () => {
    expect(parseSizeString('20MB')).toBe(20_000_000);
    expect(parseSizeString('1.5kb')).toBe(1500);
    expect(codeOf(() => parseSizeString('20 MiB'))).toBe('InvalidRequest');
    expect(bucketSizeLimit(null, 100)).toBeNull();
    expect(bucketSizeLimit(undefined, 100)).toBeUndefined();
    expect(codeOf(() => bucketSizeLimit(101, 100))).toBe('EntityTooLarge');
  });

  it("limits names to what fits in hosted Storage's S3 key (1024 bytes with ref, bucket and version)", () => {
    expect(codeOf(() => mustFitHostedKey('avatars', 'a'.repeat(958)))).toBeUndefined();
    expect(codeOf(() => mustFitHostedKey('avatars', 'a'.repeat(959)))).toBe('S3Error');
    expect(codeOf(() => mustFitHostedKey('b'.repeat(100), 'a'.repeat(866)))).toBe('S3Error');
  });
});
