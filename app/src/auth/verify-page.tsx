// /verify?email=… or ?phone=…: "check your email / phone", then the 6-digit code (paste works,
// six digits submit by themselves). The email's link works too, through /auth/callback. With
// reason=known (Auth said the address was known: it has an account, or a notebook was shared
// with it) a code may not have been sent, so a sign-in code is one click away; either code works
// here. A newcomer whose invitation this confirms goes on to the notebook shared with them.
import type { User } from '@supabase/supabase-js';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { rememberArrival } from './arrival.ts';
import { CodeForm } from './code-form.tsx';
import { applySignUpPassword } from './pending-sign-up.ts';

export function VerifyPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const phone = params.get('phone') ?? '';
  const reason = params.get('reason');
  const unconfirmed = reason === 'unconfirmed';
  const known = reason === 'known' && !!email;

  if (!email && !phone)
    return (
      <AuthLayout
        title="Confirm your account"
        footer={<Link to="/sign-up">Create an account</Link>}
      >
        <Alert tone="error">
          This page needs the address to confirm. Start again from sign-up.
        </Alert>
      </AuthLayout>
    );

  /** Once signed in: a newcomer's notebook is where the guest guard sends them next. */
  async function arrive(user: User | null) {
    if (!user) return;
    rememberArrival(user);
    await applySignUpPassword(auth, user);
  }

  async function verifyEmail(token: string) {
    const result = await auth.verifyOtp({ email, token, type: 'email' });
    if (!result.error) await arrive(result.data.user);
    return result;
  }

  const where = email || phone;
  const footer = (
    <>
      Wrong address? <Link to="/sign-up">Start again</Link> · <Link to="/sign-in">Sign in</Link>
    </>
  );

  if (known)
    return (
      <AuthLayout
        title="Check your email"
        lead={
          <>
            If <strong>{email}</strong> is new to Sheaf, or a notebook was shared with it, we sent
            it a 6-digit code to confirm it. If it already has an account, no code was sent: ask for
            a sign-in code instead. Either code works here.
          </>
        }
        footer={footer}
      >
        <CodeForm
          submitLabel="Continue"
          pendingLabel="Checking…"
          verify={verifyEmail}
          resend={() =>
            auth.signInWithOtp({
              email,
              options: {
                shouldCreateUser: false,
                emailRedirectTo: `${window.location.origin}/auth/callback?from=magiclink`,
              },
            })
          }
          resendLabel="Send me a sign-in code"
          resentMessage={`A sign-in code is on its way to ${email}.`}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={email ? 'Check your email' : 'Check your phone'}
      lead={
        <>
          {unconfirmed
            ? `Your ${email ? 'email address' : 'phone number'} is not confirmed yet. `
            : ''}
          We sent a 6-digit code{email ? ' and a link' : ''} to <strong>{where}</strong>.{' '}
          {email ? 'Enter the code here, or open the link.' : 'Enter it here.'}
        </>
      }
      footer={footer}
    >
      <CodeForm
        submitLabel={email ? 'Confirm email' : 'Confirm phone'}
        pendingLabel="Confirming…"
        justSent={!unconfirmed}
        verify={(token) =>
          email ? verifyEmail(token) : auth.verifyOtp({ phone, token, type: 'sms' })
        }
        resend={() =>
          email ? auth.resend({ type: 'signup', email }) : auth.resend({ type: 'sms', phone })
        }
        resentMessage={`A new code is on its way to ${where}.`}
      />
    </AuthLayout>
  );
}
