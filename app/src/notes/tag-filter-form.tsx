// The "filter by tag" form of a notebook's toolbar (remount it with key={tag} to reset).
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';

interface Props {
  tag: string | null;
  onFilter(tag: string | null): void;
}

export function TagFilterForm({ tag, onFilter }: Props) {
  const [value, setValue] = useState(tag ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    onFilter(value.trim().replace(/^#/, '') || null);
  }
  return (
    <form className="toolbar__tag" onSubmit={submit} role="search">
      <div className="field">
        <label className="field__label" htmlFor="note-tag">
          Filter by tag
        </label>
        <input
          id="note-tag"
          className="field__input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="tag"
        />
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {tag ? (
        <Button variant="secondary" onClick={() => onFilter(null)}>
          Clear filter
        </Button>
      ) : null}
    </form>
  );
}
