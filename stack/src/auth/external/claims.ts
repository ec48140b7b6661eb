// What a provider says about the person, turned into what Supabase Auth keeps: the email (and
// whether the provider verified it) and identity_data, the claims with GoTrue's names (iss, sub,
// name, email, email_verified, phone_verified, full_name, avatar_url, picture, provider_id,
// preferred_username, user_name), empty ones left out.

export interface ExternalPerson {
  provider: string;
  /** The provider's `sub`: the identity's provider_id. */
  subject: string;
  email: string;
  emailVerified: boolean;
  identityData: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function personFromClaims(
  provider: string,
  claims: Record<string, unknown>,
): ExternalPerson {
  const sub = str(claims.sub);
  const name = str(claims.name);
  const picture = str(claims.picture);
  const username = str(claims.preferred_username);
  const email = str(claims.email);
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  const data: Record<string, unknown> = {
    iss: str(claims.iss),
    sub,
    name,
    picture,
    preferred_username: username,
    email,
    full_name: name,
    avatar_url: picture,
    provider_id: sub,
    user_name: username,
  };
  for (const key of Object.keys(data)) if (data[key] === '') delete data[key];
  data.email_verified = !!email && emailVerified;
  data.phone_verified = false;
  return {
    provider,
    subject: sub,
    email,
    emailVerified: !!email && emailVerified,
    identityData: data,
  };
}
