// Who a provider's person is in this project, decided as Supabase Auth decides it (its
// DetermineAccountLinking and createAccountFromExternalIdentity): the identity already known →
// that account; else a verified email that one account already has (by its email or an
// identity's) → linked to it automatically; else a new account. An unconfirmed account taken this
// way loses its other identities and password; an unverified email signs in only once confirmed.
// And manual linking: the identity joins the signed-in user, unless someone has it already.
import type { AuthDeps } from '../endpoint.ts';
import type { AuthError } from '../errors.ts';
import { authError } from '../errors.ts';
import { sendUserEmail } from '../messages.ts';
import type { AuthQueries } from '../store/index.ts';
import type { IdentityRow, UserRow } from '../store/rows.ts';
import type { ExternalPerson } from './claims.ts';

export interface ExternalSignIn {
  user: UserRow;
  /** An error to answer with after the work is committed (the account stays, unconfirmed). */
  failure?: AuthError;
}

type Decision =
  | { kind: 'exists'; user: UserRow; identity: IdentityRow }
  | { kind: 'link'; userId: string }
  | { kind: 'create'; email: string }
  | { kind: 'multiple' };

async function decide(deps: AuthDeps, q: AuthQueries, person: ExternalPerson): Promise<Decision> {
  const identity = await q.findProviderIdentity(person.subject, person.provider);
  if (identity)
    return { kind: 'exists', user: (await q.findUserById(identity.user_id))!, identity };
  const email = person.email.toLowerCase();
  const autoconfirm = !deps.config.auth.email.enableConfirmations;
  if (!email || !(person.emailVerified || autoconfirm)) {
    // Not vouched for: no link, and an address someone already has is not taken.
    const taken = email ? await q.findUserByEmail(email) : undefined;
    return { kind: 'create', email: taken ? '' : email };
  }
  const { byUser, byIdentity } = await q.linkCandidates(email);
  const owners = new Set(byIdentity.length ? byIdentity : byUser);
  if (owners.size === 0) return { kind: 'create', email };
  if (owners.size > 1) return { kind: 'multiple' };
  return { kind: 'link', userId: [...owners][0]! };
}

/** Signs the person in: finds, links or creates the account (inside the caller's transaction). */
export async function signInExternal(
  deps: AuthDeps,
  q: AuthQueries,
  person: ExternalPerson,
  ip: string,
  redirectTo: string,
): Promise<ExternalSignIn> {
  const { provider } = person;
  const decision = await decide(deps, q, person);
  let user: UserRow;
  let identity: IdentityRow;
  let candidateEmail = person.email.toLowerCase();
  switch (decision.kind) {
    case 'multiple':
      throw authError(
        'unexpected_failure',
        'Multiple accounts with the same email address in the same linking domain detected: default',
      );
    case 'exists':
      user = decision.user;
      identity = decision.identity;
      candidateEmail = user.email ?? '';
      await q.refreshIdentityData(identity.id, person.identityData);
      await q.mergeUserMetadata(user.id, person.identityData);
      await q.syncProviders(user.id);
      break;
    case 'link':
      user = (await q.findUserById(decision.userId))!;
      identity = await q.insertProviderIdentity(
        user.id,
        provider,
        person.subject,
        person.identityData,
      );
      await q.mergeUserMetadata(user.id, person.identityData);
      await q.syncProviders(user.id);
      await q.recordAudit(user, 'identity_linked', ip, {
        identity_id: identity.id,
        provider,
        provider_id: person.subject,
      });
      break;
    case 'create': {
      if (!deps.config.auth.enableSignup)
        throw authError('signup_disabled', 'Signups not allowed for this instance');
      candidateEmail = decision.email;
      const id = await q.insertUser({
        provider: 'email',
        email: decision.email || undefined,
        withoutIdentity: true,
        appMetadata: { provider, providers: [provider] },
        userMetadata: person.identityData,
      });
      identity = await q.insertProviderIdentity(id, provider, person.subject, person.identityData);
      user = (await q.findUserById(id))!;
      break;
    }
  }
  if (user.banned) throw authError('user_banned', 'User is banned', 403);
  // The login itself is recorded when the session is issued (tokens.ts).
  if (user.email_confirmed_at) return { user };
  await q.removeUnconfirmedIdentities(user.id, identity);
  const autoconfirm = !deps.config.auth.email.enableConfirmations;
  if ((candidateEmail && person.emailVerified) || autoconfirm) {
    await q.recordAudit(user, 'user_signedup', ip, { provider });
    await q.confirmEmail(user.id);
    return { user: (await q.findUserById(user.id))! };
  }
  if (candidateEmail && user.email) {
    await sendUserEmail(deps, q, user, 'confirmation', { ip, redirectTo });
    return {
      user,
      failure: authError(
        'provider_email_needs_verification',
        `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`,
      ),
    };
  }
  return {
    user,
    failure: authError(
      'provider_email_needs_verification',
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    ),
  };
}

/** Manual linking: the identity joins `targetId`, unless an account has it already. */
export async function linkToUser(
  q: AuthQueries,
  person: ExternalPerson,
  targetId: string,
  ip: string,
): Promise<UserRow> {
  const target = await q.findUserById(targetId);
  if (!target) throw authError('user_not_found', 'Linking target user not found', 422);
  const existing = await q.findProviderIdentity(person.subject, person.provider);
  if (existing)
    throw authError(
      'identity_already_exists',
      existing.user_id === target.id
        ? 'Identity is already linked'
        : 'Identity is already linked to another user',
    );
  const identity = await q.insertProviderIdentity(
    target.id,
    person.provider,
    person.subject,
    person.identityData,
  );
  await q.recordAudit(target, 'identity_linked', ip, {
    identity_id: identity.id,
    provider: person.provider,
    provider_id: person.subject,
  });
  if (!target.email && person.email) {
    await q.adoptEmail(target.id, person.email.toLowerCase());
    if (person.emailVerified) await q.confirmEmail(target.id);
  }
  await q.syncProviders(target.id);
  return (await q.findUserById(target.id))!;
}
