// The note's text as written (rendered in place as it is typed) or in its reading view (fully
// rendered, tasks tickable): one toggle, also Ctrl/⌘+E.
import { Button } from '../ui/button.tsx';

export function ReadingViewToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <Button
      variant="secondary"
      className="reading-toggle"
      aria-pressed={on}
      aria-keyshortcuts="Control+E Meta+E"
      title="Ctrl/⌘+E"
      onClick={() => onChange(!on)}
    >
      Reading view
    </Button>
  );
}
