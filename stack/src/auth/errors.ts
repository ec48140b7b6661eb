// The auth service's error shape and registry: every error_code the service can answer with,
// its HTTP status, as Supabase Auth (GoTrue) returns them: `{ code, error_code, msg }`.

/** Every error_code this service returns, with the HTTP status Supabase Auth uses for it. */
export const AUTH_ERRORS = {
  validation_failed: 400,
  bad_json: 400,
  email_exists: 422,
  phone_exists: 422,
  bad_jwt: 403,
  not_admin: 403,
  no_authorization: 401,
  user_not_found: 404,
  session_not_found: 403,
  session_expired: 400,
  refresh_token_not_found: 400,
  refresh_token_already_used: 400,
  flow_state_not_found: 404,
  flow_state_expired: 422,
  signup_disabled: 422,
  user_banned: 400,
  email_provider_disabled: 422,
  phone_provider_disabled: 422,
  too_many_enrolled_mfa_factors: 422,
  mfa_factor_name_conflict: 422,
  mfa_factor_not_found: 404,
  mfa_challenge_expired: 422,
  mfa_verification_failed: 422,
  mfa_ip_address_mismatch: 422,
  insufficient_aal: 403,
  email_not_confirmed: 400,
  phone_not_confirmed: 400,
  user_already_exists: 422,
  reauthentication_needed: 400,
  same_password: 422,
  reauthentication_not_valid: 422,
  otp_expired: 403,
  otp_disabled: 422,
  weak_password: 422,
  over_request_rate_limit: 429,
  over_email_send_rate_limit: 429,
  over_sms_send_rate_limit: 429,
  bad_code_verifier: 400,
  anonymous_provider_disabled: 422,
  mfa_phone_enroll_not_enabled: 422,
  mfa_phone_verify_not_enabled: 422,
  mfa_totp_enroll_not_enabled: 422,
  mfa_totp_verify_not_enabled: 422,
  mfa_verified_factor_exists: 422,
  mfa_webauthn_enroll_not_enabled: 422,
  mfa_webauthn_verify_not_enabled: 422,
  passkey_disabled: 404,
  too_many_passkeys: 422,
  webauthn_challenge_not_found: 400,
  webauthn_challenge_expired: 400,
  webauthn_verification_failed: 400,
  webauthn_credential_exists: 422,
  invalid_credentials: 400,
  provider_disabled: 400,
  web3_provider_disabled: 422,
  saml_provider_disabled: 404,
  manual_linking_disabled: 404,
  bad_oauth_state: 400,
  bad_oauth_callback: 400,
  flow_state_already_used: 400,
  identity_already_exists: 422,
  identity_not_found: 422,
  single_identity_not_deletable: 422,
  provider_email_needs_verification: 422,
  feature_disabled: 404,
  oauth_client_not_found: 404,
  mfa_verification_rejected: 403,
  hook_timeout: 422,
  hook_timeout_after_retry: 422,
  hook_payload_over_size_limit: 422,
  hook_payload_invalid_content_type: 400,
  /** An error without a code of its own (a hook's `{error: {http_code, message}}`), not 500. */
  unknown: 400,
  unexpected_failure: 500,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export class AuthError extends Error {
  constructor(
    readonly errorCode: AuthErrorCode,
    message: string,
    /** Overrides the registry's status where Supabase answers the same code differently. */
    readonly status: number = AUTH_ERRORS[errorCode],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }

  toJSON(): Record<string, unknown> {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

export const authError = (
  code: AuthErrorCode,
  message: string,
  status?: number,
  extra?: Record<string, unknown>,
) => new AuthError(code, message, status, extra);

/**
 * An error Supabase Auth answers without an error_code of its own — what a hook returned as
 * `{error: {http_code, message}}`: the code is `unexpected_failure` for a 500 and `unknown`
 * otherwise, and no `x-sb-error-code` header goes out.
 */
export class UncodedAuthError extends AuthError {
  constructor(message: string, status: number) {
    super(status === 500 ? 'unexpected_failure' : 'unknown', message, status);
  }
}

/** The OAuth-style error some grant failures answer with (`{error, error_description}`). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * The API version a request asks for with `X-Supabase-Api-Version` (auth-js sends 2024-01-01):
 * from 2024-01-01 on, errors are `{code: <error_code>, message}`; before (or without the header),
 * `{code: <status>, error_code, msg}`. Returns the version to echo, or undefined for the initial one.
 */
function apiVersion(request: Request): string | undefined {
  const value = request.headers.get('x-supabase-api-version') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    return undefined;
  return value >= '2024-01-01' ? '2024-01-01' : undefined;
}

/** The response for an AuthError or OAuthError, in the shape the request's API version asks for. */
export function errorResponse(request: Request, error: AuthError | OAuthError): Response {
  if (error instanceof OAuthError)
    return Response.json(
      { error: error.error, error_description: error.description },
      { status: 400 },
    );
  const headers = new Headers();
  if (!(error instanceof UncodedAuthError)) headers.set('x-sb-error-code', error.errorCode);
  if (error.status === 429) headers.set('retry-after', '60');
  const version = apiVersion(request);
  if (!version) return Response.json(error.toJSON(), { status: error.status, headers });
  headers.set('x-supabase-api-version', version);
  return Response.json(
    { code: error.errorCode, message: error.message, ...error.extra },
    { status: error.status, headers },
  );
}
