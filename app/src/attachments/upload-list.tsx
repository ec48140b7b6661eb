// Files being uploaded: a progress bar each, with Cancel (or the reason it failed).
import { Button } from '../ui/button.tsx';
import { formatBytes } from './data/types.ts';
import type { Upload } from './use-uploads.ts';

interface Props {
  uploads: Upload[];
  onCancel(key: string): void;
  onDismiss(key: string): void;
}

export function UploadList({ uploads, onCancel, onDismiss }: Props) {
  if (uploads.length === 0) return null;
  return (
    <ul className="att-uploads" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.key} className="att-upload" data-testid="upload">
          <div className="att-upload__row">
            <span className="att-upload__name">{u.name}</span>
            <span className="att-upload__size">{formatBytes(u.size)}</span>
          </div>
          {u.state === 'uploading' ? (
            <div className="att-upload__row">
              <progress
                className="att-upload__bar"
                max={1}
                value={u.progress}
                aria-label={`Uploading ${u.name}`}
              />
              <Button variant="secondary" onClick={() => onCancel(u.key)}>
                Cancel<span className="visually-hidden"> upload of {u.name}</span>
              </Button>
            </div>
          ) : (
            <div className="att-upload__row">
              <span className={u.state === 'failed' ? 'field__error' : 'empty'} role="status">
                {u.state === 'failed' ? u.error : 'Upload cancelled.'}
              </span>
              <Button variant="secondary" onClick={() => onDismiss(u.key)}>
                Dismiss<span className="visually-hidden"> {u.name}</span>
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
