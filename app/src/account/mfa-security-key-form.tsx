// A security key or passkey as a second step: a name, then the browser's ceremony (auth-js's
// mfa.webauthn.register, loaded when the button is pressed). While the browser waits for the
// key, Cancel on the page stops it; a cancelled ceremony is said calmly, and a factor left
// unverified by it is removed.
import { useRef, useState, type FormEvent } from 'react';
import { freshName, type SecondFactor } from '../lib/session/second-factors.ts';
import { useAuth } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';

const MAX_NAME = 60;
const load = () => import('../lib/session/security-key.ts');

interface Props {
  factors: SecondFactor[];
  onChanged(message: string | null): Promise<void>;
}

export function MfaSecurityKeyForm({ factors, onChanged }: Props) {
  const auth = useAuth();
  // Untouched (null), the field suggests a name none of the person's second steps has.
  const [typed, setTyped] = useState<string | null>(null);
  const name = typed ?? freshName('Security key', factors);
  const [nameError, setNameError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; cancelled: boolean } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const ceremony = useRef<AbortController | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (ceremony.current) return;
    const friendlyName = name.trim();
    const problem = friendlyName ? null : 'Give the security key a name.';
    setNameError(problem);
    if (problem) return;
    setMessage(null);
    await onChanged(null);
    const controller = new AbortController();
    ceremony.current = controller;
    setWaiting(true);
    try {
      const { addSecurityKey } = await load();
      const result = await addSecurityKey(auth, friendlyName, controller.signal);
      if (result.ok) {
        setTyped(null);
        await onChanged(
          `“${friendlyName}” is on as a second step. Next time you sign in, Sheaf will ask for it after your password.`,
        );
      } else {
        setMessage({ text: result.message ?? '', cancelled: result.cancelled });
        await onChanged(null);
      }
    } finally {
      ceremony.current = null;
      setWaiting(false);
    }
  }

  return (
    <div className="mfa-add">
      <h3 className="mfa-add__title">Add a security key or passkey</h3>
      {message ? <Alert tone={message.cancelled ? 'info' : 'error'}>{message.text}</Alert> : null}
      <form
        className="form form--narrow"
        onSubmit={add}
        noValidate
        aria-label="Add a security key or passkey"
      >
        <TextField
          label="Name for this security key"
          name="security-key-name"
          hint="So you can tell your second steps apart, such as “Blue USB key”."
          value={name}
          onChange={(e) => setTyped(e.target.value)}
          error={nameError}
          maxLength={MAX_NAME}
          disabled={waiting}
        />
        {waiting ? (
          <p role="status">
            Follow your browser: insert or touch your security key, or choose a passkey.
          </p>
        ) : null}
        <div className="actions">
          <Button type="submit" pending={waiting}>
            {waiting ? 'Waiting for your key…' : 'Add security key'}
          </Button>
          {waiting ? (
            <Button variant="secondary" onClick={() => ceremony.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
