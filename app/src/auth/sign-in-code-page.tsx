// /sign-in/code: a one-time code instead of a password. Ask (email or phone), receive, enter; by
// email the same message also carries a link to /auth/callback, which signs in in any browser.
// Codes never create accounts here: an unknown address is told so, with the way to sign up. A
// newcomer (invited, not yet welcomed) goes on to the notebook shared with them.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { rememberArrival } from './arrival.ts';
import { CodeForm } from './code-form.tsx';
import { useIdentifier, type Identifier } from './use-identifier.tsx';

export function SignInCodePage() {
  const auth = useAuth();
  const identifier = useIdentifier();
  const [sentTo, setSentTo] = useState<Identifier | null>(null);
  const [unknown, setUnknown] = useState<Identifier | null>(null);
  const submit = useSubmit();

  function send(id: Identifier) {
    const options = {
      shouldCreateUser: false,
      emailRedirectTo: `${window.location.origin}/auth/callback?from=magiclink`,
    };
    return 'email' in id
      ? auth.signInWithOtp({ email: id.email, options })
      : auth.signInWithOtp({ phone: id.phone, options: { shouldCreateUser: false } });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setUnknown(null);
    const id = identifier.validate();
    if (!id) return;
    let noAccount = false;
    const ok = await submit.run(async () => {
      const { error } = await send(id);
      // Auth itself says so (otp_disabled): codes never create accounts from this page.
      noAccount = error?.code === 'otp_disabled';
      return noAccount ? undefined : { error };
    });
    if (noAccount) setUnknown(id);
    else if (ok) setSentTo(id);
  }

  const footer = (
    <>
      <Link to="/sign-in">Sign in with a password</Link> ·{' '}
      <Link to="/sign-up">Create an account</Link>
    </>
  );

  if (sentTo) {
    const where = 'email' in sentTo ? sentTo.email : sentTo.phone;
    return (
      <AuthLayout
        title="Enter your code"
        lead={
          <>
            We sent a 6-digit code{'email' in sentTo ? ' and a sign-in link' : ''} to{' '}
            <strong>{where}</strong>.
          </>
        }
        footer={
          <>
            <button type="button" className="link-button" onClick={() => setSentTo(null)}>
              Use a different {'email' in sentTo ? 'address' : 'number'}
            </button>{' '}
            · <Link to="/sign-in">Sign in with a password</Link>
          </>
        }
      >
        <CodeForm
          submitLabel="Sign in"
          pendingLabel="Signing in…"
          justSent
          verify={async (token) => {
            const result =
              'email' in sentTo
                ? await auth.verifyOtp({ email: sentTo.email, token, type: 'email' })
                : await auth.verifyOtp({ phone: sentTo.phone, token, type: 'sms' });
            if (!result.error) rememberArrival(result.data.user);
            return result;
          }}
          resend={() => send(sentTo)}
          resentMessage={`A new code is on its way to ${where}.`}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in with a code"
      lead="No password needed: we send you a one-time code."
      footer={footer}
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {unknown ? (
        <Alert tone="error" title="No account found">
          There is no Sheaf account with {'email' in unknown ? unknown.email : unknown.phone} yet.
          Check it for typos, or <Link to="/sign-up">create an account</Link> — it takes a minute.
        </Alert>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Send a sign-in code">
        {identifier.fields}
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Sending…' : 'Send code'}
        </Button>
      </form>
    </AuthLayout>
  );
}
