// POST /passkeys/authentication/options and /verify: sign-in with a passkey, the discoverable
// way (no user named up front; the assertion's user handle names the account). The assertion
// must come from one of that user's passkeys, signed over this ceremony's challenge for an
// allowed origin, with a sign counter that moved forward; then a session starts (amr `passkey`).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { text } from '../params.ts';
import { issueSession } from '../tokens.ts';
import {
  assertionIds,
  authenticationOptions,
  userIdOfHandle,
  verifyAssertion,
  WEBAUTHN_CHALLENGE_EXPIRY_SECONDS,
} from '../webauthn/relying-party.ts';
import { consumeCeremony } from './common.ts';

export const passkeyAuthenticationOptions = endpoint({}, async (_request, _p, { deps }) => {
  const id = randomUUID();
  const { options, session } = await authenticationOptions(deps.config.auth.webauthn, undefined);
  const expiresAt = await deps.store.insertWebAuthnChallenge({
    id,
    userId: null,
    type: 'authentication',
    session,
    expirySeconds: WEBAUTHN_CHALLENGE_EXPIRY_SECONDS,
  });
  return Response.json({ challenge_id: id, options, expires_at: expiresAt });
});

const failed = () => authError('webauthn_verification_failed', 'Credential verification failed');

export const passkeyAuthenticationVerify = endpoint(
  { body: z.object({ challenge_id: text, credential: z.unknown().optional() }) },
  async (request, p, { deps, ip }) => {
    const ceremony = await consumeCeremony(deps.store, p, 'authentication', null);
    const { id: credentialId, userHandle } = assertionIds(p.credential);
    const userId = userIdOfHandle(userHandle);
    if (!userId) throw failed();
    const { user, passkey } = await deps.store.transaction(async (q) => {
      const user = await q.findUserById(userId);
      const passkey = user
        ? (await q.passkeysOf(user.id)).find((c) => c.credential_id === credentialId)
        : undefined;
      return { user, passkey };
    });
    if (!user || !passkey) throw failed();
    const counter = await verifyAssertion(deps.config.auth.webauthn, ceremony, p.credential, {
      id: passkey.credential_id,
      publicKey: passkey.public_key,
      counter: passkey.sign_count,
      transports: passkey.transports,
    });
    if (user.email && !user.email_confirmed_at)
      throw authError('email_not_confirmed', 'Email not confirmed', 403);
    if (user.phone && !user.phone_confirmed_at)
      throw authError('phone_not_confirmed', 'Phone not confirmed', 403);
    if (user.banned) throw authError('user_banned', 'User is banned', 403);
    const session = await deps.store.transaction(async (q) => {
      // Locked with the counter check: two sign-ins with one assertion cannot both pass.
      const current = await q.findPasskey(passkey.id, user.id, true);
      if (!current || (current.sign_count > 0 && counter <= current.sign_count)) throw failed();
      await q.usePasskey(passkey.id, counter);
      return issueSession(deps, q, user.id, 'passkey', {
        userAgent: request.headers.get('user-agent'),
        ip,
        traits: { passkey_id: passkey.id },
      });
    });
    return Response.json(session);
  },
);
