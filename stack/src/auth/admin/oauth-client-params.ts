// What a registration or an update of an OAuth client may say, checked in Supabase Auth's order
// and words (internal/api/oauthserver/service.go and client_auth.go): redirect URIs absolute,
// without fragment, http only on loopback; grant types authorization_code/refresh_token; the
// client type and its token endpoint auth method consistent.
import { z } from 'zod';
import { authError, type AuthError } from '../errors.ts';

export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type ClientType = 'public' | 'confidential';

const strings = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? undefined);
const str = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const RegisterBody = z.object({
  redirect_uris: strings,
  client_type: str,
  token_endpoint_auth_method: str,
  grant_types: strings,
  client_name: str,
  client_uri: str,
  logo_uri: str,
});
export type RegisterParams = z.output<typeof RegisterBody>;

export const UpdateBody = z.object({
  redirect_uris: strings,
  grant_types: strings,
  client_name: str,
  client_uri: str,
  logo_uri: str,
  token_endpoint_auth_method: str,
});
export type UpdateParams = z.output<typeof UpdateBody>;

const invalid = (message: string) => authError('validation_failed', message);
/** Go prints a []string as `[a b c]`. */
const goList = (items: readonly string[]) => `[${items.join(' ')}]`;

const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];
const LOOPBACK = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** Why a redirect URI is refused, or undefined when it is fine. */
function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return /^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(uri)
      ? 'invalid URL format'
      : 'must have scheme and host';
  }
  const scheme = url.protocol.slice(0, -1);
  if (!url.host) return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase()))
    return `scheme '${scheme}' is not allowed for security reasons`;
  if (scheme === 'http' && !LOOPBACK.includes(url.hostname))
    return 'HTTP scheme only allowed for localhost';
  if (url.hash.length > 1) return 'fragment not allowed in redirect URI';
  return undefined;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required');
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token'))
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

/** Go's url.ParseRequestURI: an absolute URI, or an absolute path. */
function isRequestUri(value: string): boolean {
  if (value.startsWith('/')) return true;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function checkUri(value: string | undefined, name: 'client_uri' | 'logo_uri'): void {
  if (!value) return;
  if (Buffer.byteLength(value) > 2048) throw invalid(`${name} cannot exceed 2048 characters`);
  if (!isRequestUri(value)) throw invalid(`${name} must be a valid URL`);
}

function checkName(name: string | undefined): void {
  if (name && Buffer.byteLength(name) > 1024)
    throw invalid('client_name cannot exceed 1024 characters');
}

const isAuthMethod = (m: string) => (AUTH_METHODS as readonly string[]).includes(m);

export const methodsFor = (type: ClientType): string[] =>
  type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];

const typeOfMethod = (method: string): ClientType =>
  method === 'none' ? 'public' : 'confidential';

/** A registration's checks (registration type is the admin's: manual). */
export function checkRegistration(p: RegisterParams): void {
  checkRedirectUris(p.redirect_uris ?? [], true);
  if (p.grant_types?.length) checkGrantTypes(p.grant_types);
  checkName(p.client_name);
  checkUri(p.client_uri, 'client_uri');
  checkUri(p.logo_uri, 'logo_uri');
  if (p.client_type && p.client_type !== 'public' && p.client_type !== 'confidential')
    throw invalid("client_type must be 'public' or 'confidential'");
  const method = p.token_endpoint_auth_method;
  if (method && !isAuthMethod(method))
    throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
  if (p.client_type && method && p.client_type !== typeOfMethod(method))
    throw invalid(
      `client_type '${p.client_type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOfMethod(method)}')`,
    );
}

/** The client type: as given, else as its auth method implies, else confidential. */
export function clientTypeOf(p: RegisterParams): ClientType {
  if (p.client_type === 'public' || p.client_type === 'confidential') return p.client_type;
  return p.token_endpoint_auth_method ? typeOfMethod(p.token_endpoint_auth_method) : 'confidential';
}

export function isEmptyUpdate(p: UpdateParams): boolean {
  return Object.values(p).every((v) => v === undefined);
}

/** An update's checks; the auth method against the client's type is checked by the caller. */
export function checkUpdate(p: UpdateParams): void {
  if (p.redirect_uris) checkRedirectUris(p.redirect_uris, false);
  if (p.grant_types) checkGrantTypes(p.grant_types);
  checkName(p.client_name);
  checkUri(p.client_uri, 'client_uri');
  checkUri(p.logo_uri, 'logo_uri');
  const method = p.token_endpoint_auth_method;
  if (method !== undefined && !isAuthMethod(method))
    throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
}

/**
 * A registration's refusal as Supabase Auth words it: the handler wraps the checks' error in a
 * new one, whose message is Go's text of the first (`400: redirect_uris is required`).
 */
export function registrationRefusal(error: AuthError): AuthError {
  return authError('validation_failed', `${error.status}: ${error.message}`);
}
