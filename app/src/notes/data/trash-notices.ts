// "Moved to the trash — Undo" notices for notes: they outlast the note page that raised them (the
// person is taken back to the list), and each leaves after a while (lib/notices/timed-notices.ts).
import { timedNotices } from '../../lib/notices/timed-notices.ts';

export interface TrashNotice {
  id: string;
  notebookId: string;
  title: string;
}

const notices = timedNotices<TrashNotice>();

export const announceTrashed = notices.announce;
export const dismissTrashed = notices.dismiss;
export const useTrashNotices = notices.useNotices;
