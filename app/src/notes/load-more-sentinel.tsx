// An invisible marker at the end of a list that calls `onVisible` whenever it scrolls into view
// (its own component, so the observer exists exactly as long as the marker is on the page).
import { useEffect, useRef } from 'react';

export function LoadMoreSentinel({ onVisible }: { onVisible(): void }) {
  const element = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return <div ref={element} className="load-more-sentinel" aria-hidden="true" />;
}
