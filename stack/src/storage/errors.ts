// Storage's error registry: each error carries Supabase Storage's code, its semantic status
// (rendered as the string `statusCode` in the body) and the legacy `error` label. As Supabase
// Storage does, the HTTP status is 400 for every client error and 500 for server errors, unless
// an error sets its own (`httpStatus`, e.g. 416 for a bad Range or 403 for a missing role).
// Postgres errors are mapped where the SQL runs (store/run.ts).

export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'ResourceNotEmpty'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidRange'
  | 'InvalidMimeType'
  | 'KeyAlreadyExists'
  | 'BucketAlreadyExists'
  | 'InvalidSignature'
  | 'ExpiredToken'
  | 'AccessDenied'
  | 'ResourceReferenced'
  | 'DatabaseError'
  | 'InvalidParameter'
  | 'S3Error';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    /** The semantic status Supabase Storage puts in the body's `statusCode`. */
    readonly status: number,
    message: string,
    /** The legacy `error` label; defaults to the code. */
    readonly label?: string,
    /** The HTTP status, when it is not Supabase's default (400, or 500 for server errors). */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get responseStatus(): number {
    return this.httpStatus ?? (this.status >= 500 ? 500 : 400);
  }

  toBody(): { statusCode: string; code: string; error: string; message: string } {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.label ?? this.code,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  bucketAlreadyExists: () =>
    new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError('AccessDenied', 403, message, 'Unauthorized', httpStatus),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  invalidRequest: (message = 'Invalid Request') => new StorageError('InvalidRequest', 400, message),
  noContent: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  /** As hosted Storage relays S3's KeyTooLongError (see validate.ts mustFitHostedKey). */
  keyTooLong: () => new StorageError('S3Error', 400, 'KeyTooLongError', 'Your key is too long'),
  invalidBucketName: () =>
    new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidMimeType: (mime: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      `mime type ${mime} is not supported`,
      'invalid_mime_type',
    ),
  invalidFileSizeLimit: () =>
    new StorageError(
      'InvalidRequest',
      400,
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      'EntityTooLarge',
      413,
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidRange: () =>
    new StorageError('InvalidRange', 416, 'invalid range provided', 'invalid_range', 416),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError('InvalidSignature', 400, message),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  resourceReferenced: () =>
    new StorageError(
      'ResourceReferenced',
      409,
      'The resource could not be updated or removed due to a foreign key constraint',
    ),
  relatedResourceMissing: () =>
    new StorageError('InvalidRequest', 404, 'The related resource does not exist'),
  database: (code: string) =>
    new StorageError('DatabaseError', 500, `database error, code: ${code}`),
  internal: () => new StorageError('InternalError', 500, 'Internal server error'),
};

/** Any thrown value as a StorageError (unknown causes become a 500). */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  // The database unreachable (SQLSTATE 08xxx from db/unavailable.ts, or the server shutting down)
  // where a query ran outside the store's mapping: Supabase Storage's DatabaseError.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(08[0-9A-Z]{3}|57P0[1-3])$/.test(code))
    return errors.database(code);
  return errors.internal();
}

export function errorResponse(error: StorageError, headers?: HeadersInit): Response {
  return Response.json(error.toBody(), { status: error.responseStatus, headers });
}
