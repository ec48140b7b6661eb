// Email about mentions and replies: at once, in a daily digest, or never (a labelled radio group,
// saved as soon as it is chosen). Notifications in the app are not affected.
import { useId, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import {
  useUpdateNotifyEmailMutation,
  type NotifyEmail,
} from './api/update-notify-email-mutation.ts';
import './account.css';

const OPTIONS: { value: NotifyEmail; label: string; hint: string }[] = [
  { value: 'on', label: 'Right away', hint: 'An email for each mention or reply.' },
  { value: 'daily', label: 'Daily digest', hint: 'One email a day with everything new.' },
  { value: 'off', label: 'Off', hint: 'Only the bell in Sheaf.' },
];

function notifyEmailOf(value: string): NotifyEmail {
  return value === 'daily' || value === 'off' ? value : 'on';
}

export function NotifyEmailSection({ userId, value }: { userId: string; value: string }) {
  const update = useUpdateNotifyEmailMutation(userId);
  const [saved, setSaved] = useState(false);
  const name = useId();
  const headingId = useId();
  const current = update.isPending && update.variables ? update.variables : notifyEmailOf(value);

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 className="panel__title" id={headingId}>
        Notifications
      </h2>
      {update.error ? <Alert tone="error">{describeError(update.error).message}</Alert> : null}
      {saved && !update.isPending && !update.error ? (
        <Alert tone="info">Your email setting is saved.</Alert>
      ) : null}
      <fieldset
        className="form form--narrow choice-group"
        aria-busy={update.isPending || undefined}
      >
        <legend>Email about mentions and replies</legend>
        {OPTIONS.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={current === o.value}
              onChange={() => {
                setSaved(false);
                update.mutate(o.value, { onSuccess: () => setSaved(true) });
              }}
            />
            <span>
              <span className="choice__label">{o.label}</span>
              <span className="choice__hint">{o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
