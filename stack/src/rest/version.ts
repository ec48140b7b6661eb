// The PostgREST version the REST service answers as: OpenAPI's info.version, and the
// PostgrestVersion of generated types (postgrest-js enables v13+ features by it).
export const POSTGREST_VERSION = '14.1';
