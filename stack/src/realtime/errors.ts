// Every error the Realtime service answers, in Supabase Realtime's own words. Three shapes reach
// a client: a refused join (`phx_reply` error `{reason: "Code: message"}`), a channel shut down
// (a `system` message `{extension: "system", status: "error", message}` then `phx_close`), and
// HTTP errors (the WebSocket upgrade and the broadcast API). Internal causes are logged, never
// sent. Codes are never reused once retired.

/** Why a join is refused: the code Realtime logs, prefixed to the message the client sees. */
export const JOIN_ERRORS = {
  TopicNameRequired: 'You must provide a topic name',
  InvalidJWTToken: '', // message carries the detail (expired, missing claims)
  MalformedJWT: 'The token provided is not a valid JWT',
  JwtSignatureError: 'Failed to validate JWT signature',
  Unauthorized: '', // "You do not have permissions to read from this Channel topic: <topic>"
  ChannelRateLimitReached: 'Too many channels',
  ConnectionRateLimitReached: 'Too many connected users',
  ClientJoinRateLimitReached: 'Too many joins per second',
} as const;

export type JoinErrorCode = keyof typeof JOIN_ERRORS;

export class JoinError extends Error {
  constructor(
    readonly code: JoinErrorCode,
    detail?: string,
  ) {
    super(`${code}: ${detail ?? JOIN_ERRORS[code]}`);
    this.name = 'JoinError';
  }
}

/** Why an open channel is closed (the `system` message's text). */
export const SHUTDOWN = {
  tooManyMessages: 'Too many messages per second',
  tooManyPresence: 'Too many presence messages per second',
  /** The stack's own (Realtime counts bytes but does not limit them). */
  tooManyBytes: 'Too many bytes per second',
  clientPresenceRate: 'Client presence rate limit exceeded',
  trackSize: 'Track message size exceeded',
  missingClaims: 'Fields `role` and `exp` are required in JWT',
  malformedToken: 'The token provided is not a valid JWT',
  signature: 'Failed to validate JWT signature',
  readDenied: (topic: string) =>
    `You do not have permissions to read from this Channel topic: ${topic}`,
  readRevoked: (topic: string) =>
    `You no longer have permission to read from this Channel topic: ${topic}`,
  expired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
} as const;

/** Status and `{error}` body of a refused WebSocket upgrade (Realtime's connect errors). */
export const CONNECT_ERRORS = {
  tooManyConnections: [429, 'Too many connected users'],
  unsupportedVsn: [403, 'Unsupported serializer version (vsn): use 1.0.0 or 2.0.0'],
  notWebSocket: [400, 'Expected a WebSocket upgrade request'],
  headerTooLong: [431, 'Request header too long'],
} as const satisfies Record<string, readonly [number, string]>;

export type ConnectErrorCode = keyof typeof CONNECT_ERRORS;

export function connectError(code: ConnectErrorCode): Response {
  const [status, error] = CONNECT_ERRORS[code];
  return Response.json({ error }, { status });
}

/** The broadcast API's errors, in Realtime's shapes (`{message}` or `{error}`). */
export const HTTP_ERRORS = {
  unauthorized: [401, { message: 'Unauthorized' }],
  forbidden: [403, { message: 'Unauthorized' }],
  unsupportedMediaType: [
    415,
    { error: 'Unsupported Media Type. Use application/json or application/octet-stream' },
  ],
  rateLimited: [429, { message: 'You have exceeded your rate limit' }],
  batchTooLarge: [429, { message: 'Too many messages to broadcast, please reduce the batch size' }],
  policyError: [422, { message: 'RLS policy error' }],
  malformedBody: [400, { message: 'Malformed request body' }],
} as const satisfies Record<string, readonly [number, Record<string, string>]>;

export function httpError(code: keyof typeof HTTP_ERRORS): Response {
  const [status, body] = HTTP_ERRORS[code];
  return Response.json(body, { status });
}

/** A request body Realtime refuses: 422 `{errors}` shaped as its changeset errors. */
export function validationError(errors: Record<string, unknown>): Response {
  return Response.json({ errors }, { status: 422 });
}

/** WebSocket close codes the service uses. */
export const CLOSE = {
  /** The socket sent nothing (not even a heartbeat) within the timeout, or joined nothing. */
  idle: [1000, 'heartbeat timeout'],
  /** The stack is stopping. */
  goingAway: [1001, 'server shutting down'],
  /** Too many joins per second: Realtime disconnects the socket. */
  joinRate: [1008, 'Too many joins per second'],
  /** The socket went over its own messages, bytes or presence calls per second. */
  messageRate: [1008, 'Too many messages per second'],
  byteRate: [1008, 'Too many bytes per second'],
  presenceRate: [1008, 'Too many presence messages per second'],
  /** A frame larger than the service accepts (sent by the ws library itself). */
  tooBig: [1009, 'message too big'],
  /** The client reads too slowly: more than the allowed bytes are waiting to be sent. */
  backlog: [1013, 'too many messages waiting to be sent'],
} as const satisfies Record<string, readonly [number, string]>;
