// Entering a 6-digit code: paste works, six digits submit by themselves, a wrong code keeps the
// field focused and selected, and "Resend" waits for its cooldown.
import { useRef, useState, type FormEvent } from 'react';
import { useCooldown } from '../lib/forms/use-cooldown.ts';
import { useSubmit } from '../lib/forms/use-submit.ts';
import { normaliseCode, validateCode } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';

export const RESEND_COOLDOWN_SECONDS = 30;

interface CodeFormProps {
  label?: string;
  submitLabel: string;
  pendingLabel: string;
  verify(code: string): Promise<{ error?: unknown } | void>;
  /** Sends a new code; the button is hidden without it. */
  resend?: () => Promise<{ error?: unknown } | void>;
  /** The resend button's label ("Resend code" by default). */
  resendLabel?: string;
  resentMessage?: string;
  /** Start with the resend cooldown running (a code was just sent). */
  justSent?: boolean;
}

export function CodeForm({
  label = '6-digit code',
  submitLabel,
  pendingLabel,
  verify,
  resend,
  resendLabel = 'Resend code',
  resentMessage = 'A new code is on its way.',
  justSent = false,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const resending = useSubmit();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, justSent);

  async function check(value: string) {
    const problem = validateCode(value);
    setCodeError(problem);
    if (problem) return codeRef.current?.focus();
    const ok = await submit.run(() => verify(normaliseCode(value)));
    if (!ok) {
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  }

  function onChange(value: string) {
    const digits = normaliseCode(value);
    setCode(digits);
    if (digits.length === 6 && digits !== code && !submit.pending) void check(digits);
  }

  async function onResend() {
    if (!resend) return;
    setResent(false);
    const ok = await resending.run(resend);
    if (ok) {
      setResent(true);
      cooldown.start();
      codeRef.current?.focus();
    }
  }

  return (
    <form
      className="form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void check(code);
      }}
      noValidate
      aria-label={submitLabel}
    >
      {submit.error ? <Alert tone="error">{submit.error}</Alert> : null}
      {resending.error ? <Alert tone="error">{resending.error}</Alert> : null}
      {resent ? <Alert tone="info">{resentMessage}</Alert> : null}
      <TextField
        ref={codeRef}
        label={label}
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
        {submit.pending ? pendingLabel : submitLabel}
      </Button>
      {resend ? (
        <Button
          variant="secondary"
          block
          onClick={() => void onResend()}
          pending={resending.pending}
          disabled={cooldown.remaining > 0}
        >
          {cooldown.remaining > 0 ? `${resendLabel} in ${cooldown.remaining} s` : resendLabel}
        </Button>
      ) : null}
    </form>
  );
}
