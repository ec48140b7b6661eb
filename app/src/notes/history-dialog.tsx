// A note's history in a dialog: its code (the versions, their diffs and restore) is a chunk of
// its own, loaded when the dialog opens (history/history-panel.tsx).
import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/dialog.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { HistoryDialogProps } from './history/history-props.ts';

const HistoryPanel = lazy(() => import('./history/history-panel.tsx'));

export function HistoryDialog(props: HistoryDialogProps) {
  return (
    <Dialog title="Note history" onClose={props.onClose} className="dialog--wide history-dialog">
      <Suspense fallback={<PageLoading label="Loading history…" />}>
        <HistoryPanel {...props} />
      </Suspense>
    </Dialog>
  );
}
