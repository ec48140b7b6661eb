// The welcome a newcomer meets beside the notebook shared with them: who shared what, their name
// for the others, and a password for next time (unless they chose one at sign-up) — both
// optional, in a card that never covers the page's controls for long: "Not now" puts it away
// for good. A session too old to set a password without a code is sent to Settings, which asks
// for one.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { weakPasswordSentence } from '../lib/errors/weak-password.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { validateNewPassword } from '../lib/validation/fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { NewPasswordField } from '../ui/new-password-field.tsx';
import { TextField } from '../ui/text-field.tsx';
import { invitationOf, isNewcomer } from './arrival.ts';
import { useSaveWelcomeMutation } from './data/welcome-mutations.ts';
import { choseOwnPassword } from './pending-sign-up.ts';
import './newcomer-welcome.css';

const NAME_MAX = 100;
const NARROW = '(max-width: 600px)';

export function NewcomerWelcome() {
  const { user } = useSignedIn();
  const save = useSaveWelcomeMutation(user.id);
  const [name, setName] = useState(() => {
    const chosen = (user.user_metadata ?? {}).display_name;
    return typeof chosen === 'string' ? chosen : '';
  });
  const [password, setPassword] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [saved, setSaved] = useState<{ name: boolean; password: boolean } | null>(null);
  // On a phone the card starts small (the notebook stays in view) and opens when asked.
  const [open, setOpen] = useState(() => !window.matchMedia?.(NARROW).matches);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const hasPassword = choseOwnPassword(user.id);

  if (saved)
    return (
      <aside className="welcome" aria-labelledby="welcome-title">
        <h2 className="welcome__title" id="welcome-title">
          You are all set
        </h2>
        <Alert tone="info">
          {saved.name ? 'The others now see your name. ' : ''}
          {saved.password || hasPassword
            ? 'Next time, sign in with your email address and password.'
            : 'Next time, sign in with a code sent to your email address.'}
        </Alert>
        <div className="welcome__actions">
          <Button variant="secondary" onClick={() => setSaved(null)}>
            Close
          </Button>
        </div>
      </aside>
    );
  if (!isNewcomer(user)) return null;

  const invitation = invitationOf(user);
  const sharedBy = invitation?.sharedBy || 'Someone';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosenName = name.trim();
    const nameProblem = chosenName.length > NAME_MAX ? 'Use at most 100 characters.' : null;
    const passwordProblem = password && !hasPassword ? validateNewPassword(password) : null;
    setNameError(nameProblem);
    setPasswordError(passwordProblem);
    if (nameProblem) return nameRef.current?.focus();
    if (passwordProblem) return passwordRef.current?.focus();
    const welcome = {
      name: chosenName || null,
      password: password && !hasPassword && !needsCode ? password : null,
    };
    await save.mutateAsync(welcome).then(
      () => setSaved({ name: !!welcome.name, password: !!welcome.password }),
      (error: unknown) => {
        const weak = weakPasswordSentence(error);
        if (weak) {
          setPasswordError(weak);
          passwordRef.current?.focus();
        }
        const code = (error as { code?: unknown }).code;
        if (code === 'reauthentication_needed' || code === 'reauth_nonce_missing')
          setNeedsCode(true);
      },
    );
  }

  const notNow = () => void save.mutateAsync({ name: null, password: null }).catch(() => {});
  const failure = save.error;
  const shownError =
    failure && !weakPasswordSentence(failure) && !needsCode && describeError(failure).message;

  return (
    <aside className="welcome" aria-labelledby="welcome-title">
      <h2 className="welcome__title" id="welcome-title">
        Welcome to Sheaf
      </h2>
      <p className="welcome__lead">
        {invitation?.notebookName
          ? `${sharedBy} shared “${invitation.notebookName}” with you.`
          : `${sharedBy} shared a notebook with you.`}{' '}
        {open
          ? 'Tell the others who you are, and choose how to sign in next time. Both can wait.'
          : 'Choose your name and a password when you like.'}
      </p>
      {shownError ? <Alert tone="error">{shownError}</Alert> : null}
      {open ? null : (
        <div className="welcome__actions">
          <Button
            onClick={() => {
              setOpen(true);
              setTimeout(() => nameRef.current?.focus(), 0);
            }}
          >
            Set name and password
          </Button>
          <Button variant="secondary" pending={save.isPending} onClick={notNow}>
            Not now
          </Button>
        </div>
      )}
      {open ? (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Welcome">
          <TextField
            ref={nameRef}
            label="Your name"
            name="display-name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            hint="Shown to the people you write with."
            error={nameError}
            maxLength={120}
          />
          {hasPassword ? (
            <p className="welcome__note">Your password is set: sign in with it next time.</p>
          ) : needsCode ? (
            <Alert tone="info">
              To choose a password now, Sheaf first checks it is you with a code:{' '}
              <Link to="/settings/security">choose it in Settings</Link>. Until then, sign in with a
              code sent to your email address.
            </Alert>
          ) : (
            <NewPasswordField
              ref={passwordRef}
              label="Password (optional)"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError}
            />
          )}
          <div className="welcome__actions">
            <Button type="submit" pending={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="secondary" disabled={save.isPending} onClick={notNow}>
              Not now
            </Button>
          </div>
        </form>
      ) : null}
    </aside>
  );
}
