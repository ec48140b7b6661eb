// The workspace: the notebooks sidebar beside the page (home, a notebook with its notes and the
// open note, the trash). On narrow screens the sidebar gives way to the page, whose own back
// links lead home. The sidebar is a slot (the notebooks feature fills it); it and the page each
// wait for their own code and data, so neither holds the other up.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../ui/page-loading.tsx';
import '../ui/workspace.css';

export function WorkspaceLayout({ sidebar }: { sidebar: ReactNode }) {
  return (
    <div className="workspace">
      <aside className="workspace__sidebar">
        <Suspense fallback={<PageLoading label="Loading notebooks…" />}>{sidebar}</Suspense>
      </aside>
      <div className="workspace__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
