// The workspace: the notebooks sidebar beside the page (home, a notebook with its notes and the
// open note, the trash). On narrow screens the sidebar gives way to the page, whose own back
// links lead home. The sidebar is a slot (the notebooks feature fills it).
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import '../ui/workspace.css';

export function WorkspaceLayout({ sidebar }: { sidebar: ReactNode }) {
  return (
    <div className="workspace">
      <aside className="workspace__sidebar">{sidebar}</aside>
      <div className="workspace__main">
        <Outlet />
      </div>
    </div>
  );
}
