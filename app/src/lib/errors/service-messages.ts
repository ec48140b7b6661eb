// Sentences for Storage, Edge Functions and REST (PostgREST) errors, as docs/errors.md lists
// them. Storage and REST are keyed by the service's code; functions by the runtime's code, or
// by HTTP status when the body has none.

export const STORAGE_MESSAGES: Record<string, string> = {
  NoSuchKey: 'This file no longer exists or you do not have access to it.',
  NoSuchBucket: 'This storage area does not exist.',
  AccessDenied: 'You do not have permission to change this file.',
  KeyAlreadyExists: 'A file with this name already exists.',
  ResourceAlreadyExists: 'A file with this name already exists.',
  BucketAlreadyExists: 'A storage area with this name already exists.',
  ResourceNotEmpty: 'Empty this storage area before deleting it.',
  EntityTooLarge: 'This file is too large.',
  InvalidMimeType: 'This type of file is not allowed here.',
  InvalidKey: 'This file name is not allowed. Use letters, digits and simple punctuation.',
  InvalidBucketName: 'This storage area name is not allowed.',
  InvalidJWT: 'This link has expired. Ask for a new one.',
  InvalidSignature: 'This link is not valid.',
  InvalidRequest: 'The upload did not complete. Please try again.',
  InvalidParameter: 'Something went wrong. Please try again.',
  InvalidRange: 'Something went wrong. Please try again.',
  InternalError: 'Something went wrong on our side. Please try again.',
  DatabaseError: 'Something went wrong on our side. Please try again.',
  S3Error: 'This file name is too long. Use a shorter name.',
};

/** A storage AccessDenied caused by the token rather than a policy. */
export const STORAGE_SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export const FUNCTION_MESSAGES: Record<string, string> = {
  missing_authorization: 'Please sign in again to continue.',
  invalid_jwt: 'Your session has expired. Please sign in again.',
  NOT_FOUND: 'This feature is not available right now.',
  WORKER_ERROR: 'Something went wrong on our side. Please try again.',
  'Internal Server Error': 'Something went wrong on our side. Please try again.',
  BOOT_ERROR: 'This feature is temporarily unavailable. Please try again later.',
  WORKER_LIMIT: 'This request needed more resources than allowed. Please try a smaller one.',
  status_500: 'Something went wrong on our side. Please try again.',
  status_504: 'This is taking too long. Please try again.',
  confirmation_required: 'Please confirm before continuing.',
};

/** The database is restarting or out of reach: the request can simply be tried again. */
const DATABASE_AWAY = 'Sheaf cannot reach its database right now. Please try again in a moment.';

/** A request the app built wrongly: nothing the person can fix but a reload. */
const APP_FAULT =
  'Sheaf sent a request the server could not handle. Please reload the page and try again.';

const REST_APP_FAULTS = [
  'PGRST100',
  'PGRST101',
  'PGRST102',
  'PGRST103',
  'PGRST105',
  'PGRST106',
  'PGRST107',
  'PGRST108',
  'PGRST111',
  'PGRST112',
  'PGRST114',
  'PGRST115',
  'PGRST117',
  'PGRST118',
  'PGRST120',
  'PGRST121',
  'PGRST122',
  'PGRST123',
  'PGRST125',
  'PGRST128',
  'PGRST200',
  'PGRST201',
  'PGRST202',
  'PGRST203',
  'PGRST204',
  'PGRST205',
  '42703',
  '42712',
  '42883',
  '42P01',
  '25006',
];

export const REST_MESSAGES: Record<string, string> = {
  ...Object.fromEntries(REST_APP_FAULTS.map((code) => [code, APP_FAULT])),
  PGRST000: DATABASE_AWAY,
  PGRST002: DATABASE_AWAY,
  '57P01': DATABASE_AWAY,
  PGRST001:
    'The connection to the database was lost while saving. Reload to check whether your change was kept.',
  PGRST003: 'The server is busy right now. Please try again in a moment.',
  PGRST124: 'This would change more items than allowed at once. Nothing was changed.',
  PGRST301: 'Your session has expired. Please sign in again.',
  PGRST303: 'Your session has expired. Please sign in again.',
  PGRST116: 'This item no longer exists.',
  '42501': 'You do not have permission to do this.',
  '23505': 'This already exists.',
  '23503': 'Something this depends on no longer exists, or is still in use. Reload and try again.',
  '23502': 'A required value is missing.',
  '23514': 'Some of the details are not valid. Check them and try again.',
  '22P02': 'One of the values is not in the right format.',
  '22001': 'One of the values is too long.',
  P0001: 'This change was refused. Check the details and try again.',
};
