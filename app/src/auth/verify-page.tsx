// /verify?email=…: "check your email", then the 6-digit code from it (paste works, six digits
// submit by themselves). The link in the same email works too, through /auth/callback.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCooldown } from '../lib/forms/use-cooldown.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { useSupabase } from '../lib/supabase.ts';
import { normaliseCode, validateCode } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';

const RESEND_COOLDOWN_SECONDS = 30;

export function VerifyPage() {
  const supabase = useSupabase();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const unconfirmed = params.get('reason') === 'unconfirmed';
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const resend = useSubmit();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);

  async function verify(value: string) {
    const problem = validateCode(value);
    setCodeError(problem);
    if (problem) return codeRef.current?.focus();
    const ok = await submit.run(() =>
      supabase.auth.verifyOtp({ email, token: normaliseCode(value), type: 'email' }),
    );
    if (!ok) codeRef.current?.select();
  }

  function onChange(value: string) {
    const digits = normaliseCode(value);
    setCode(digits);
    if (digits.length === 6 && digits !== code) void verify(digits);
  }

  async function onResend() {
    setResent(false);
    const ok = await resend.run(() => supabase.auth.resend({ type: 'signup', email }));
    if (ok) {
      setResent(true);
      cooldown.start();
    }
  }

  if (!email)
    return (
      <AuthLayout title="Confirm your email" footer={<Link to="/sign-up">Create an account</Link>}>
        <Alert tone="error">
          This page needs the address to confirm. Start again from sign-up.
        </Alert>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Check your email"
      lead={
        <>
          {unconfirmed ? 'Your email address is not confirmed yet. ' : ''}We sent a 6-digit code and
          a link to <strong>{email}</strong>. Enter the code here, or open the link.
        </>
      }
      footer={
        <>
          Wrong address? <Link to="/sign-up">Start again</Link> · <Link to="/sign-in">Sign in</Link>
        </>
      }
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {resend.error ? <Alert tone="error">{resend.error}</Alert> : null}
      {resent ? <Alert tone="info">A new code is on its way to {email}.</Alert> : null}
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void verify(code);
        }}
        noValidate
        aria-label="Confirm email"
      >
        <TextField
          ref={codeRef}
          label="6-digit code"
          name="code"
          variant="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(e) => onChange(e.target.value)}
          error={codeError}
          autoFocus
          required
        />
        <Button type="submit" block pending={submit.pending}>
          {submit.pending ? 'Confirming…' : 'Confirm email'}
        </Button>
        <Button
          variant="secondary"
          block
          onClick={() => void onResend()}
          pending={resend.pending}
          disabled={cooldown.remaining > 0}
        >
          {cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining} s` : 'Resend code'}
        </Button>
      </form>
    </AuthLayout>
  );
}
