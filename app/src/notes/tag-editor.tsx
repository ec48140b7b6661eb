// Tags of a note: chips with a remove button each, and a field that adds a tag on Enter or comma
// (at most 20 tags of 1 to 50 characters, as the database requires).
import { useId, useState, type KeyboardEvent } from 'react';

interface Props {
  tags: string[];
  onChange(tags: string[]): void;
}

export function TagEditor({ tags, onChange }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function add() {
    const tag = value.trim().replace(/^#/, '');
    if (!tag) return;
    if (tag.length > 50) return setError('A tag can have at most 50 characters.');
    if (tags.length >= 20) return setError('A note can have at most 20 tags.');
    setError(null);
    setValue('');
    if (!tags.includes(tag)) onChange([...tags, tag]);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !value && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Tags
      </label>
      <div className="tag-editor">
        {tags.length > 0 ? (
          <ul className="tag-list" aria-label="Tags of this note">
            {tags.map((tag) => (
              <li key={tag} className="tag tag--removable">
                <span>#{tag}</span>
                <button
                  type="button"
                  className="tag__remove"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={id}
          className="field__input tag-editor__input"
          value={value}
          placeholder="Add a tag and press Enter"
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
