// A countdown after sending a code, so "Resend" waits before it can be pressed again.
import { useCallback, useEffect, useState } from 'react';

export function useCooldown(
  seconds: number,
  startNow = false,
): { remaining: number; start(): void } {
  const [until, setUntil] = useState(() => (startNow ? Date.now() + seconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);
  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
