// "Continue with GitHub" / "Continue with Google" on the sign-in and sign-up pages, one button
// per provider the project turns on (lib/oauth/providers.ts). Pressing one hands the browser to the
// provider through Auth (PKCE: auth-js keeps the verifier in this browser's cookie); the
// provider sends it back to /auth/callback, which finishes the sign-in. Nothing shows while the
// providers are being read, nor when there are none: the page's other ways in are complete.
import type { Provider } from '@supabase/auth-js';
import { useState } from 'react';
import { describeError } from '../../lib/errors/describe-error.ts';
import { oauthReturnUrl, providerName, useProviders } from '../../lib/oauth/providers.ts';
import { useAuth } from '../../lib/supabase.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';

interface ContinueWithProps {
  /** Where to go once signed in (else where the person was going, or home). */
  next?: string | null;
  /** An "or" rule before the buttons, shown only with them. */
  divider?: boolean;
}

export function ContinueWith({ next = null, divider = false }: ContinueWithProps) {
  const auth = useAuth();
  const providers = useProviders();
  const [pending, setPending] = useState<Provider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (providers.length === 0) return null;

  async function go(provider: Provider) {
    setProblem(null);
    setPending(provider);
    const { error } = await auth.signInWithOAuth({
      provider,
      options: { redirectTo: oauthReturnUrl('oauth', next) },
    });
    // On success the browser is already leaving for the provider.
    if (error) {
      setPending(null);
      setProblem(describeError(error).message);
    }
  }

  return (
    <>
      {divider ? <div className="divider">or</div> : null}
      <div className="continue-with" role="group" aria-label="Other ways to continue">
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            block
            pending={pending === provider}
            disabled={pending !== null && pending !== provider}
            onClick={() => void go(provider)}
          >
            Continue with {providerName(provider)}
          </Button>
        ))}
      </div>
    </>
  );
}
