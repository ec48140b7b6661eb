// One value parser for both drivers, keyed by type OID (see Queryable for the mapping).
import {
  PARSED_ARRAY_OIDS,
  PARSED_OIDS,
  TEXT_ARRAY_OIDS,
  parseArray,
  parseScalar,
} from './types.ts';

/** Returns a parser for the OID, or undefined when the value should stay text. */
export function parserFor(oid: number): ((text: string) => unknown) | undefined {
  if (PARSED_OIDS.includes(oid)) return (text) => parseScalar(oid, text);
  const element = PARSED_ARRAY_OIDS[oid];
  if (element !== undefined) return (text) => parseArray(text, (v) => parseScalar(element, v));
  if (TEXT_ARRAY_OIDS.includes(oid)) return (text) => parseArray(text, (v) => v);
  return undefined;
}

/** Every OID that either driver would otherwise parse on its own, mapped to our parser or identity. */
export function parserTable(): Record<number, (text: string) => unknown> {
  const table: Record<number, (text: string) => unknown> = {};
  // Types PGlite and node-postgres parse by default that we keep as text.
  for (const oid of [17, 20, 1082, 1083, 1114, 1184, 1186, 1266, 1700, 790]) table[oid] = (t) => t;
  for (const oid of [
    ...PARSED_OIDS,
    ...Object.keys(PARSED_ARRAY_OIDS).map(Number),
    ...TEXT_ARRAY_OIDS,
  ]) {
    table[oid] = parserFor(oid)!;
  }
  return table;
}
