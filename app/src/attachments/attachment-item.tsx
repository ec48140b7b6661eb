// One attachment: a thumbnail for images, the name and size, Download, and for editors Delete
// (asked twice: a deleted file cannot be brought back).
import { useState } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Button } from '../ui/button.tsx';
import { useDeleteAttachmentMutation } from './data/delete-attachment-mutation.ts';
import { downloadAttachment } from './data/download-attachment.ts';
import { formatBytes, type Attachment } from './data/types.ts';

export function AttachmentItem({
  attachment,
  canEdit,
}: {
  attachment: Attachment;
  canEdit: boolean;
}) {
  const supabase = useSupabase();
  const remove = useDeleteAttachmentMutation(attachment.note_id);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [broken, setBroken] = useState(false);
  return (
    <li className="att-item" data-testid="attachment">
      {attachment.thumbnail_url && !broken ? (
        <img
          className="att-item__thumb"
          src={attachment.thumbnail_url}
          alt={attachment.file_name}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="att-item__thumb att-item__thumb--file" aria-hidden="true">
          {(attachment.file_name.split('.').pop() ?? '').slice(0, 4).toUpperCase() || 'FILE'}
        </span>
      )}
      <div className="att-item__main">
        <span className="att-item__name">{attachment.file_name}</span>
        <span className="att-item__size">{formatBytes(attachment.size_bytes)}</span>
        {error || remove.error ? (
          <span className="field__error" role="alert">
            {error ?? describeError(remove.error).message}
          </span>
        ) : null}
      </div>
      <div className="att-item__actions">
        <Button
          variant="secondary"
          onClick={() =>
            downloadAttachment(supabase, attachment).then(
              () => setError(null),
              (e: unknown) => setError(describeError(e).message),
            )
          }
        >
          Download<span className="visually-hidden"> {attachment.file_name}</span>
        </Button>
        {canEdit && !confirming ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete<span className="visually-hidden"> {attachment.file_name}</span>
          </Button>
        ) : null}
        {canEdit && confirming ? (
          <>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() => remove.mutate(attachment, { onError: () => setConfirming(false) })}
            >
              Yes, delete<span className="visually-hidden"> {attachment.file_name}</span>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep<span className="visually-hidden"> {attachment.file_name}</span>
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
