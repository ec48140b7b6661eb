// Choosing what to import: Markdown files or ZIP archives, a whole folder, or anything dropped on
// the zone (folders included). The two file fields are the keyboard and screen-reader way; the
// drop zone is a shortcut for the same thing.
import { useState, type DragEvent } from 'react';
import { fromDataTransfer, fromFileList, type SourceFile } from './import/source-files.ts';

interface Props {
  onChosen(files: Promise<SourceFile[]>): void;
  disabled?: boolean;
}

/** `webkitdirectory` is not in React's input attributes; every current browser supports it. */
const folderPicker = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function ImportPicker({ onChosen, disabled = false }: Props) {
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) onChosen(fromDataTransfer(event.dataTransfer));
  }

  return (
    <div className="import-picker">
      <div className="field">
        <label className="field__label" htmlFor="import-files">
          Markdown files or a ZIP
        </label>
        <input
          id="import-files"
          type="file"
          multiple
          disabled={disabled}
          accept=".md,.markdown,.mdown,.zip,application/zip,text/markdown,image/*,application/pdf,text/plain"
          onChange={(e) => {
            if (e.target.files?.length) onChosen(fromFileList(e.target.files));
            e.target.value = '';
          }}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="import-folder">
          A whole folder
        </label>
        <input
          id="import-folder"
          type="file"
          disabled={disabled}
          {...folderPicker}
          onChange={(e) => {
            if (e.target.files?.length) onChosen(fromFileList(e.target.files));
            e.target.value = '';
          }}
        />
      </div>
      <div
        className={`import-drop${over ? ' import-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        Or drop files and folders here
      </div>
    </div>
  );
}
