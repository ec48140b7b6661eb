// A note's attachments: drop files on the area or pick them (several at once), each uploads with
// a progress bar and Cancel; the limits are stated before anything is sent. Viewers only list and
// download.
import { useId, useRef, useState, type DragEvent } from 'react';
import { describeError } from '../lib/errors/describe-error.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { AttachmentItem } from './attachment-item.tsx';
import { useAttachmentsQuery } from './data/attachments-query.ts';
import { MAX_FILES_AT_ONCE, MAX_FILES_PER_NOTE } from './data/types.ts';
import { UploadList } from './upload-list.tsx';
import { useLiveAttachments } from './use-live-attachments.ts';
import { useUploads } from './use-uploads.ts';

interface Props {
  notebookId: string;
  noteId: string;
  canEdit: boolean;
}

export function AttachmentsPanel({ notebookId, noteId, canEdit }: Props) {
  const attachments = useAttachmentsQuery(noteId);
  useLiveAttachments(noteId);
  const count = attachments.data?.length ?? 0;
  const { uploads, notice, start, cancel, dismiss } = useUploads(notebookId, noteId, count);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  }

  return (
    <section className="panel" aria-labelledby="attachments-heading">
      <h2 className="panel__title" id="attachments-heading">
        Attachments
      </h2>
      {canEdit ? (
        <div
          className={`att-drop${dragging ? ' att-drop--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <p>Drop files here or</p>
          <Button
            variant="secondary"
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Files to attach"
            onChange={(e) => {
              start([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <p className="field__hint" id={hintId}>
            Up to 50 MB per file, {MAX_FILES_AT_ONCE} files at a time, {MAX_FILES_PER_NOTE} per note
            ({count} attached).
          </p>
        </div>
      ) : null}
      {notice ? <Alert tone="error">{notice}</Alert> : null}
      <UploadList uploads={uploads} onCancel={cancel} onDismiss={dismiss} />
      {attachments.isPending ? <PageLoading label="Loading attachments…" /> : null}
      {attachments.isError ? (
        <Alert tone="error">{describeError(attachments.error).message}</Alert>
      ) : null}
      {attachments.data && attachments.data.length === 0 ? (
        <p className="empty">No files attached.</p>
      ) : null}
      {attachments.data && attachments.data.length > 0 ? (
        <ul className="att-list" aria-label="Attached files">
          {attachments.data.map((a) => (
            <AttachmentItem key={a.id} attachment={a} canEdit={canEdit} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
