// /verify?email=… or ?phone=…: "check your email / phone", then the 6-digit code (paste works,
// six digits submit by themselves). The email's link works too, through /auth/callback.
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { CodeForm } from './code-form.tsx';

export function VerifyPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const phone = params.get('phone') ?? '';
  const unconfirmed = params.get('reason') === 'unconfirmed';

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

  const where = email || phone;
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
      footer={
        <>
          Wrong address? <Link to="/sign-up">Start again</Link> · <Link to="/sign-in">Sign in</Link>
        </>
      }
    >
      <CodeForm
        submitLabel={email ? 'Confirm email' : 'Confirm phone'}
        pendingLabel="Confirming…"
        justSent={!unconfirmed}
        verify={(token) =>
          email
            ? auth.verifyOtp({ email, token, type: 'email' })
            : auth.verifyOtp({ phone, token, type: 'sms' })
        }
        resend={() =>
          email ? auth.resend({ type: 'signup', email }) : auth.resend({ type: 'sms', phone })
        }
        resentMessage={`A new code is on its way to ${where}.`}
      />
    </AuthLayout>
  );
}
