// The avatar: choose an image (type and size checked before upload), see it as it will look,
// upload it, or remove the current one.
import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import {
  avatarUrl,
  checkAvatar,
  useRemoveAvatarMutation,
  useUploadAvatarMutation,
} from './api/avatar-mutations.ts';

export function AvatarSection({ userId, path }: { userId: string; path: string | null }) {
  const supabase = useSupabase();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadAvatarMutation(userId, path);
  const remove = useRemoveAvatarMutation(userId, path);
  const current = avatarUrl(supabase, path);

  // The preview's object URL is released when it is replaced and when the page closes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(chosen: File | undefined) {
    upload.reset();
    if (!chosen) return;
    const why = checkAvatar(chosen);
    setProblem(why);
    setFile(why ? null : chosen);
    setPreview(why ? null : URL.createObjectURL(chosen));
  }

  async function save() {
    if (!file || upload.isPending) return;
    await upload.mutateAsync(file).then(
      () => {
        setFile(null);
        setPreview(null);
        if (input.current) input.current.value = '';
      },
      () => undefined,
    );
  }

  const shown = preview ?? current;
  const error = upload.error ?? remove.error;
  return (
    <section className="panel" aria-labelledby="avatar-heading">
      <h2 className="panel__title" id="avatar-heading">
        Avatar
      </h2>
      {error ? <Alert tone="error">{describeError(error).message}</Alert> : null}
      <div className="avatar-row">
        <div className="avatar" aria-hidden={shown ? undefined : true}>
          {shown ? (
            <img src={shown} alt={preview ? 'Preview of the new avatar' : 'Your avatar'} />
          ) : (
            <span>No avatar</span>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            Choose an image
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => choose(e.target.files?.[0])}
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
          />
          {problem ? (
            <p className="field__error" id={`${inputId}-error`}>
              {problem}
            </p>
          ) : null}
          <p className="field__hint" id={`${inputId}-hint`}>
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </p>
        </div>
      </div>
      <div className="actions">
        <Button onClick={() => void save()} disabled={!file} pending={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload avatar'}
        </Button>
        {path ? (
          <Button
            variant="secondary"
            onClick={() => void remove.mutateAsync().catch(() => undefined)}
            pending={remove.isPending}
          >
            Remove avatar
          </Button>
        ) : null}
      </div>
    </section>
  );
}
