// One submit at a time: a form's pending state, its error sentence, and a guard against double
// submission (a second click while the first request runs does nothing).
import { useCallback, useRef, useState } from 'react';
import { describeError } from '../errors/describe-error.ts';

export interface Submit {
  pending: boolean;
  /** The sentence for the last failure, or null. */
  error: string | null;
  setError(message: string | null): void;
  /** Runs `action` unless one is running; an error it throws or returns becomes the sentence. */
  run(action: () => Promise<{ error?: unknown } | void>): Promise<boolean>;
}

export function useSubmit(): Submit {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback<Submit['run']>(async (action) => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      const result = await action();
      if (result && result.error) {
        setError(describeError(result.error).message);
        return false;
      }
      return true;
    } catch (caught) {
      setError(describeError(caught).message);
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { pending, error, setError, run };
}
