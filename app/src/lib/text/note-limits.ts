// How many bytes a body takes in UTF-8 (the database's limit is 1 MB), without encoding short
// bodies: a string of n UTF-16 units takes at most 3n bytes.
import { BODY_MAX_BYTES } from './data/types.ts';

export function bodyBytes(body: string): number {
  return new TextEncoder().encode(body).length;
}

export function isTooLarge(body: string, limit = BODY_MAX_BYTES): boolean {
  if (body.length * 3 <= limit) return false;
  return bodyBytes(body) > limit;
}
