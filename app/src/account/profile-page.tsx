// /settings/profile: the display name, the avatar and email about mentions and replies.
import { useEffect, useState, type FormEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useDraft } from '../lib/forms/use-draft.ts';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useProfileQuery, type Profile } from './api/profile-query.ts';
import { useUpdateProfileMutation } from './api/update-profile-mutation.ts';
import { AvatarSection } from './avatar-section.tsx';
import { NotifyEmailSection } from './notify-email-section.tsx';

function NameForm({ userId, profile }: { userId: string; profile: Profile | null }) {
  const draft = useDraft(`sheaf.draft.${userId}.display-name`, profile?.display_name ?? '');
  const name = draft.value;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfileMutation(userId);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const value = name.trim();
    if (value.length > 100) return setError('Use at most 100 characters.');
    setError(null);
    if (update.isPending) return;
    await update.mutateAsync(value || null).then(
      () => {
        draft.clear();
        setSaved(true);
      },
      () => undefined,
    );
  }

  return (
    <section className="panel" aria-labelledby="name-heading">
      <h2 className="panel__title" id="name-heading">
        Display name
      </h2>
      {update.error ? <Alert tone="error">{describeError(update.error).message}</Alert> : null}
      {saved ? <Alert tone="info">Your display name is saved.</Alert> : null}
      <form className="form form--narrow" onSubmit={onSubmit} noValidate aria-label="Display name">
        <TextField
          label="Display name"
          name="display-name"
          autoComplete="nickname"
          value={name}
          onChange={(e) => draft.setValue(e.target.value)}
          hint={
            draft.isDraft
              ? 'Not saved yet: your text is kept on this device until you save.'
              : 'Shown to people you share notebooks with.'
          }
          error={error}
          maxLength={120}
        />
        <div>
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function ProfilePage() {
  const { user } = useSignedIn();
  const profile = useProfileQuery(user.id);
  useEffect(() => {
    document.title = 'Profile · Settings · Sheaf';
  }, []);
  if (profile.isPending) return <PageLoading />;
  if (profile.error) return <Alert tone="error">{describeError(profile.error).message}</Alert>;
  return (
    <>
      <NameForm userId={user.id} profile={profile.data} />
      <AvatarSection userId={user.id} path={profile.data?.avatar_path ?? null} />
      <NotifyEmailSection userId={user.id} value={profile.data?.notify_email ?? 'on'} />
    </>
  );
}
