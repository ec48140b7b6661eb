// The shared value mapping of both drivers (see Queryable): which Postgres type OIDs are parsed
// into JS values; everything else stays the text Postgres prints.

const NUMBER_OIDS = [21, 23, 26, 700, 701]; // int2 int4 oid float4 float8
const BOOL_OID = 16;
const JSON_OIDS = [114, 3802]; // json jsonb
// Array types of the above: _bool _int2 _int4 _oid _float4 _float8 _json _jsonb
const ARRAY_OF: Record<number, number> = {
  1000: 16,
  1005: 21,
  1007: 23,
  1028: 26,
  1021: 700,
  1022: 701,
  199: 114,
  3807: 3802,
};

export function parseScalar(oid: number, text: string): unknown {
  if (oid === BOOL_OID) return text === 't' || text === 'true';
  if (NUMBER_OIDS.includes(oid)) return Number(text);
  if (JSON_OIDS.includes(oid)) return JSON.parse(text);
  return text;
}

export const PARSED_OIDS = [BOOL_OID, ...NUMBER_OIDS, ...JSON_OIDS];
export const PARSED_ARRAY_OIDS = ARRAY_OF;

/** Text-typed arrays (_text, _varchar, _uuid, _timestamptz …) are parsed into string arrays. */
export const TEXT_ARRAY_OIDS = [1009, 1015, 2951, 1185, 1115, 1182, 1016, 1231, 1014];

/** Parses a Postgres array literal ("{a,\"b c\",NULL}") into nested JS arrays of element values. */
export function parseArray(text: string, parseElement: (value: string) => unknown): unknown[] {
  let i = 0;
  const parseLevel = (): unknown[] => {
    const out: unknown[] = [];
    if (text[i] !== '{') throw new Error(`bad array literal: ${text}`);
    i++;
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      if (text[i] === '{') out.push(parseLevel());
      else if (text[i] === '"') {
        i++;
        let value = '';
        while (text[i] !== '"') {
          if (text[i] === '\\') i++;
          value += text[i];
          i++;
        }
        i++;
        out.push(parseElement(value));
      } else {
        let start = i;
        while (text[i] !== ',' && text[i] !== '}') i++;
        const raw = text.slice(start, i);
        out.push(raw === 'NULL' ? null : parseElement(raw));
        start = i;
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      i++; // '}'
      return out;
    }
  };
  // Arrays with explicit bounds ("[0:1]={...}") drop the bounds.
  const eq = text.indexOf('=');
  if (text.startsWith('[') && eq > 0) i = eq + 1;
  return parseLevel();
}
