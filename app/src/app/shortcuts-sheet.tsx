// The "?" sheet: every keyboard shortcut, grouped by where it works, written for this platform
// (⌘ on Apple devices, Ctrl elsewhere).
import { describeKeys } from '../lib/keyboard/shortcuts.ts';
import { Dialog } from '../ui/dialog.tsx';
import { SHORTCUT_GROUPS } from './shortcut-list.ts';

export function ShortcutsSheet({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} className="dialog--wide">
      <p className="empty">
        Single keys work when you are not typing; press Esc to leave the editor.
      </p>
      <div className="shortcut-groups">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title} className="shortcut-group">
            <h3 className="shortcut-group__title">{group.title}</h3>
            <dl className="shortcut-list">
              {group.items.map((item) => (
                <div key={item.label} className="shortcut-list__row">
                  <dt>
                    {item.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 ? <span className="shortcut-list__or"> or </span> : null}
                        <kbd>{describeKeys(k)}</kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{item.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
