// Says a new version of Sheaf is ready and lets the person reload into it when they choose —
// the page is never reloaded for them (they may be typing). Edits are kept on the device either
// way, so the reload loses nothing. "Later" hides it until the next version.
import { useState } from 'react';
import { useUpdate } from './update-state.ts';

export function UpdateNotice() {
  const reload = useUpdate();
  const [dismissed, setDismissed] = useState<(() => void) | null>(null);
  if (!reload || dismissed === reload) return null;
  return (
    <div className="update-notice" role="status">
      <span>A new version of Sheaf is ready.</span>
      <button type="button" className="update-notice__button" onClick={reload}>
        Reload to update
      </button>
      <button
        type="button"
        className="update-notice__button update-notice__button--quiet"
        onClick={() => setDismissed(() => reload)}
      >
        Later
      </button>
    </div>
  );
}
