// Every keyboard shortcut Sheaf has, as the "?" sheet lists them. Single keys work when focus is
// not in a text field or the editor (press Esc in the editor first); chords work anywhere.
export interface ShortcutGroup {
  title: string;
  items: { keys: string[]; label: string }[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    items: [
      { keys: ['mod+k', '/'], label: 'Search notes and commands' },
      { keys: ['?'], label: 'Show these shortcuts' },
    ],
  },
  {
    title: 'In a notebook',
    items: [
      { keys: ['n', 'mod+alt+n'], label: 'New note' },
      { keys: ['j'], label: 'Next note' },
      { keys: ['k'], label: 'Previous note' },
    ],
  },
  {
    title: 'In a note',
    items: [
      { keys: ['mod+e'], label: 'Switch between writing and preview' },
      { keys: ['p'], label: 'Pin or unpin (for you)' },
      { keys: ['h'], label: 'History' },
      { keys: ['delete', '#'], label: 'Move to the trash' },
      { keys: ['escape'], label: 'Leave the editor' },
    ],
  },
  {
    title: 'While writing',
    items: [
      { keys: ['mod+b'], label: 'Bold' },
      { keys: ['mod+i'], label: 'Italic' },
      { keys: ['mod+shift+x'], label: 'Strikethrough' },
      { keys: ['mod+shift+l'], label: 'Link' },
      { keys: ['mod+z'], label: 'Undo' },
      { keys: ['mod+shift+z'], label: 'Redo' },
      { keys: ['mod+f'], label: 'Find in the note' },
    ],
  },
];
