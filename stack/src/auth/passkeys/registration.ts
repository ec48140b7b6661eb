// POST /passkeys/registration/options and /verify: a signed-in user adds a passkey (a
// discoverable credential) to the account, at most `max_passkeys_per_user` (10) of them. The
// options exclude the user's passkeys; the attestation is checked against the ceremony.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { userEndpoint, type UserSession } from '../endpoint.ts';
import { authError } from '../errors.ts';
import { text } from '../params.ts';
import {
  registrationOptions,
  verifyRegistration,
  WEBAUTHN_CHALLENGE_EXPIRY_SECONDS,
} from '../webauthn/relying-party.ts';
import { consumeCeremony } from './common.ts';

/** SSO and anonymous users cannot add passkeys. */
function checkRegistrant({ user }: UserSession): void {
  if (user.is_anonymous)
    throw authError('no_authorization', 'Anonymous user not allowed to perform these actions', 403);
  if (user.is_sso_user)
    throw authError('validation_failed', 'SSO users cannot register passkeys', 422);
}

const tooMany = () => authError('too_many_passkeys', 'Maximum number of passkeys reached');

export const passkeyRegistrationOptions = userEndpoint(
  {},
  async (_request, _p, { deps, session }) => {
    checkRegistrant(session);
    const { user } = session;
    const id = randomUUID();
    const { options, expiresAt } = await deps.store.transaction(async (q) => {
      const existing = await q.passkeysOf(user.id);
      if (existing.length >= deps.config.auth.passkey.maxPasskeysPerUser) throw tooMany();
      const { options, session: ceremony } = await registrationOptions(
        deps.config.auth.webauthn,
        user,
        existing.map((c) => ({ id: c.credential_id })),
        true,
      );
      const expiresAt = await q.insertWebAuthnChallenge({
        id,
        userId: user.id,
        type: 'registration',
        session: ceremony,
        expirySeconds: WEBAUTHN_CHALLENGE_EXPIRY_SECONDS,
      });
      return { options, expiresAt };
    });
    return Response.json({ challenge_id: id, options, expires_at: expiresAt });
  },
);

export const passkeyRegistrationVerify = userEndpoint(
  { body: z.object({ challenge_id: text, credential: z.unknown().optional() }) },
  async (_request, p, { deps, ip, session }) => {
    checkRegistrant(session);
    const { user } = session;
    const ceremony = await consumeCeremony(deps.store, p, 'registration', user.id);
    const credential = await verifyRegistration(deps.config.auth.webauthn, ceremony, p.credential);
    const id = randomUUID();
    // Supabase Auth names a passkey from its authenticator's AAGUID, else "Passkey".
    const friendlyName = 'Passkey';
    const created = await deps.store.transaction(async (q) => {
      const existing = await q.passkeysOf(user.id);
      if (existing.length >= deps.config.auth.passkey.maxPasskeysPerUser) throw tooMany();
      const row = await q.insertPasskey({
        id,
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        signCount: credential.counter,
        transports: credential.transports,
        aaguid: credential.aaguid,
        attestationType: credential.attestationType,
        backupEligible: credential.backupEligible,
        backedUp: credential.backedUp,
        friendlyName,
      });
      if (!row)
        throw authError('webauthn_credential_exists', 'This credential is already registered');
      await q.recordAudit(user, 'passkey_created', ip, { passkey_id: id });
      return row;
    });
    return Response.json({ id, friendly_name: friendlyName, created_at: created.created_at });
  },
);
