// Sign-in methods: the accounts the user signs in with (their email or phone, and each linked
// GitHub, Google … account), linking another one of the providers the project turns on (the
// browser goes to the provider and comes back here through /auth/callback), and unlinking one
// after a confirmation. The last way in is never offered for unlinking (Auth refuses it too).
import type { Provider } from '@supabase/auth-js';
import type { UserIdentity } from '@supabase/supabase-js';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { oauthReturnUrl, providerName, useProviders } from '../lib/oauth/providers.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { useIdentitiesQuery } from './api/identities-query.ts';
import { useUnlinkIdentityMutation } from './api/unlink-identity-mutation.ts';
import './account.css';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Email and phone are the account's own; the others are linked provider accounts. */
function isProviderAccount(identity: UserIdentity): boolean {
  return identity.provider !== 'email' && identity.provider !== 'phone';
}

function methodName(identity: UserIdentity): string {
  if (identity.provider === 'email') return 'Email and password or code';
  if (identity.provider === 'phone') return 'Phone number';
  return providerName(identity.provider);
}

/** Which account of the provider it is: its email, name or handle, as the provider gave them. */
function accountOf(identity: UserIdentity): string | null {
  const data = identity.identity_data ?? {};
  for (const key of ['email', 'phone', 'user_name', 'preferred_username', 'name', 'full_name']) {
    const value = data[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

function linkedOn(identity: UserIdentity): string {
  const date = identity.created_at ? new Date(identity.created_at) : null;
  return date && !Number.isNaN(date.getTime()) ? `added ${day.format(date)}` : '';
}

function UnlinkDialog(props: {
  identity: UserIdentity;
  userId: string;
  onClose(done: boolean): void;
}) {
  const unlink = useUnlinkIdentityMutation(props.userId);
  const name = methodName(props.identity);
  return (
    <Dialog title={`Unlink ${name}?`} onClose={() => props.onClose(false)}>
      <p>
        You will no longer be able to sign in to Sheaf with this {name} account. Your notes stay
        where they are, and you can link it again later.
      </p>
      {unlink.error ? <Alert tone="error">{describeError(unlink.error).message}</Alert> : null}
      <div className="actions">
        <Button
          variant="danger"
          pending={unlink.isPending}
          onClick={() => unlink.mutate(props.identity, { onSuccess: () => props.onClose(true) })}
        >
          Unlink {name}
        </Button>
        <Button variant="secondary" onClick={() => props.onClose(false)}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}

export function SignInMethodsSection() {
  const { user } = useSignedIn();
  const supabase = useSupabase();
  const identities = useIdentitiesQuery(user.id);
  const providers = useProviders();
  const [params] = useSearchParams();
  const justLinked = params.get('linked');
  const [done, setDone] = useState<string | null>(() =>
    justLinked
      ? `Your ${providerName(justLinked)} account is linked. You can sign in with it.`
      : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [linking, setLinking] = useState<Provider | null>(null);
  const [unlinking, setUnlinking] = useState<UserIdentity | null>(null);

  const list = identities.data ?? [];
  const linked = new Set(list.map((i) => i.provider));
  const toLink = providers.filter((p) => !linked.has(p));
  const onlyOne = list.length <= 1;

  async function link(provider: Provider) {
    setDone(null);
    setProblem(null);
    setLinking(provider);
    const next = `/settings/security?linked=${provider}`;
    const { error } = await supabase.auth.linkIdentity({
      provider,
      options: { redirectTo: oauthReturnUrl('link', next) },
    });
    // On success the browser is already leaving for the provider.
    if (error) {
      setLinking(null);
      setProblem(describeError(error).message);
    }
  }

  return (
    <section className="panel" aria-labelledby="sign-in-methods-heading">
      <h2 className="panel__title" id="sign-in-methods-heading">
        Sign-in methods
      </h2>
      <p className="panel__lead">
        The accounts you can sign in to Sheaf with. Link another one so that you can still get in if
        you lose access to one of them.
      </p>
      {done ? <Alert tone="info">{done}</Alert> : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {identities.error ? (
        <Alert tone="error">{describeError(identities.error).message}</Alert>
      ) : identities.isPending ? (
        <p className="empty">Loading your sign-in methods…</p>
      ) : (
        <ul className="list" aria-label="Your sign-in methods">
          {list.map((identity) => {
            const account = accountOf(identity);
            const name = methodName(identity);
            return (
              <li className="list__item" key={identity.identity_id}>
                <div className="device__main">
                  <span className="device__name">{name}</span>
                  <span className="device__meta">
                    {[account, linkedOn(identity)].filter(Boolean).join(' · ')}
                  </span>
                </div>
                {isProviderAccount(identity) ? (
                  onlyOne ? (
                    <span className="device__meta">Your only way to sign in</span>
                  ) : (
                    <div className="actions">
                      <Button
                        variant="secondary"
                        aria-label={`Unlink ${name}`}
                        onClick={() => {
                          setDone(null);
                          setUnlinking(identity);
                        }}
                      >
                        Unlink
                      </Button>
                    </div>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {toLink.length > 0 && !identities.isPending ? (
        <div className="actions" role="group" aria-label="Link another account">
          {toLink.map((provider) => (
            <Button
              key={provider}
              variant="secondary"
              pending={linking === provider}
              disabled={linking !== null && linking !== provider}
              onClick={() => void link(provider)}
            >
              Link {providerName(provider)}
            </Button>
          ))}
        </div>
      ) : null}
      {unlinking ? (
        <UnlinkDialog
          identity={unlinking}
          userId={user.id}
          onClose={(removed) => {
            if (removed) setDone(`${methodName(unlinking)} is no longer linked.`);
            setUnlinking(null);
          }}
        />
      ) : null}
    </section>
  );
}
