// A form value kept in localStorage until it is saved, so what a person typed survives a reload,
// an expired session or a closed tab. Keys carry the user id: drafts never cross accounts.
import { useCallback, useState } from 'react';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function useDraft(
  key: string,
  saved: string,
): { value: string; setValue(value: string): void; isDraft: boolean; clear(): void } {
  const [value, setState] = useState(() => read(key) ?? saved);
  const [isDraft, setIsDraft] = useState(() => read(key) !== null);
  const setValue = useCallback(
    (next: string) => {
      setState(next);
      setIsDraft(next !== saved);
      try {
        if (next === saved) localStorage.removeItem(key);
        else localStorage.setItem(key, next);
      } catch {
        // storage full or unavailable: the value still lives in the form
      }
    },
    [key, saved],
  );
  const clear = useCallback(() => {
    setIsDraft(false);
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  }, [key]);
  return { value, setValue, isDraft, clear };
}
