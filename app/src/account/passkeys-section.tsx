// Passkeys: what one is, the user's passkeys (name, added, last used), adding one on this device
// (registerPasskey), renaming one in place, and removing one after a confirmation.
import { useState, type FormEvent } from 'react';
import { describePasskeyError } from '../lib/errors/passkey-errors.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useAddPasskeyMutation } from './api/add-passkey-mutation.ts';
import { describeDevice } from './api/describe-device.ts';
import { usePasskeysQuery, type Passkey } from './api/passkeys-query.ts';
import { useRemovePasskeyMutation } from './api/remove-passkey-mutation.ts';
import { useRenamePasskeyMutation } from './api/rename-passkey-mutation.ts';
import './account.css';

const MAX_NAME = 120;
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function format(value: string | null, style: Intl.DateTimeFormat): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : style.format(date);
}

function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Give the passkey a name.';
  if (name.trim().length > MAX_NAME) return `Keep the name under ${MAX_NAME} characters.`;
  return null;
}

interface RowProps {
  passkey: Passkey;
  userId: string;
  onRemove(passkey: Passkey): void;
  onDone(message: string): void;
}

function PasskeyRow({ passkey, userId, onRemove, onDone }: RowProps) {
  const rename = useRenamePasskeyMutation(userId);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | null>(null);
  const added = format(passkey.createdAt, day) ?? 'on an unknown date';
  const used = format(passkey.lastUsedAt, dateTime);

  function save(event: FormEvent) {
    event.preventDefault();
    const invalid = nameProblem(name);
    setProblem(invalid);
    if (invalid) return;
    if (name.trim() === passkey.name) return setEditing(false);
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          onDone(`The passkey is now called “${name.trim()}”.`);
        },
      },
    );
  }

  if (editing)
    return (
      <li className="list__item">
        <form
          className="form passkey__rename"
          onSubmit={save}
          noValidate
          aria-label={`Rename ${passkey.name}`}
        >
          <TextField
            label="Name of this passkey"
            name="passkey-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={problem ?? (rename.error ? describePasskeyError(rename.error).message : null)}
            maxLength={MAX_NAME}
            autoFocus
          />
          <div className="actions">
            <Button type="submit" pending={rename.isPending}>
              Save name
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setProblem(null);
                rename.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="list__item">
      <div className="device__main">
        <span className="device__name">{passkey.name}</span>
        <span className="device__meta">
          Added {added} · {used ? `last used ${used}` : 'not used to sign in yet'}
        </span>
      </div>
      <div className="actions">
        <Button
          variant="secondary"
          aria-label={`Rename ${passkey.name}`}
          onClick={() => {
            setName(passkey.name);
            setEditing(true);
          }}
        >
          Rename
        </Button>
        <Button
          variant="secondary"
          aria-label={`Remove ${passkey.name}`}
          onClick={() => onRemove(passkey)}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function RemoveDialog(props: { passkey: Passkey; userId: string; onClose(done: boolean): void }) {
  const remove = useRemovePasskeyMutation(props.userId);
  return (
    <Dialog title="Remove this passkey?" onClose={() => props.onClose(false)}>
      <p>
        “{props.passkey.name}” will no longer sign you in to Sheaf. Your device or password manager
        may still show it; you can delete it there too.
      </p>
      {remove.error ? (
        <Alert tone="error">{describePasskeyError(remove.error).message}</Alert>
      ) : null}
      <div className="actions">
        <Button
          variant="danger"
          pending={remove.isPending}
          onClick={() => remove.mutate(props.passkey.id, { onSuccess: () => props.onClose(true) })}
        >
          Remove passkey
        </Button>
        <Button variant="secondary" onClick={() => props.onClose(false)}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}

export function PasskeysSection() {
  const { user } = useSignedIn();
  const passkeys = usePasskeysQuery(user.id);
  const add = useAddPasskeyMutation(user.id);
  const [name, setName] = useState(() =>
    typeof navigator === 'undefined' ? 'Passkey' : describeDevice(navigator.userAgent),
  );
  const [nameError, setNameError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  function start(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const invalid = nameProblem(name);
    setNameError(invalid);
    if (invalid) return;
    add.mutate(name, {
      onSuccess: () =>
        setDone('Your passkey was added. Next time you sign in, choose “Use a passkey”.'),
    });
  }

  const addError = add.error ? describePasskeyError(add.error) : null;
  const list = passkeys.data ?? [];
  return (
    <section className="panel" aria-labelledby="passkeys-heading">
      <h2 className="panel__title" id="passkeys-heading">
        Passkeys
      </h2>
      <p className="panel__lead">
        A passkey lets you sign in without your password: your device checks it is you with your
        fingerprint, face or screen lock. It is kept on your device or in your password manager, and
        it cannot be guessed or phished.
      </p>
      {done ? <Alert tone="info">{done}</Alert> : null}
      {passkeys.error ? (
        <Alert tone="error">{describePasskeyError(passkeys.error).message}</Alert>
      ) : passkeys.isPending ? (
        <p className="empty">Loading your passkeys…</p>
      ) : list.length === 0 ? (
        <p className="empty">You have no passkeys yet.</p>
      ) : (
        <ul className="list" aria-label="Your passkeys">
          {list.map((p) => (
            <PasskeyRow
              key={p.id}
              passkey={p}
              userId={user.id}
              onRemove={(passkey) => {
                setDone(null);
                setRemoving(passkey);
              }}
              onDone={setDone}
            />
          ))}
        </ul>
      )}
      {addError ? (
        <Alert tone={addError.code === 'passkey_cancelled' ? 'info' : 'error'}>
          {addError.message}
        </Alert>
      ) : null}
      <form className="form form--narrow" onSubmit={start} noValidate aria-label="Add a passkey">
        <TextField
          label="Name for the new passkey"
          name="new-passkey-name"
          hint="So you can tell your passkeys apart, such as the device it is on."
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          maxLength={MAX_NAME}
        />
        <div>
          <Button type="submit" pending={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
          </Button>
        </div>
      </form>
      {removing ? (
        <RemoveDialog
          passkey={removing}
          userId={user.id}
          onClose={(removed) => {
            if (removed) setDone(`“${removing.name}” was removed.`);
            setRemoving(null);
          }}
        />
      ) : null}
    </section>
  );
}
