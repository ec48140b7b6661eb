// /settings/*: the title and the tabs (Profile, Security, Data) above each settings page.
import { NavLink, Outlet } from 'react-router';

export function SettingsLayout() {
  return (
    <>
      <div>
        <h1 className="page-title">Settings</h1>
        <p className="page-lead">Your profile, how you sign in, and your data.</p>
      </div>
      <nav className="tabs" aria-label="Settings">
        <NavLink to="/settings/profile">Profile</NavLink>
        <NavLink to="/settings/security">Security</NavLink>
        <NavLink to="/settings/data">Data</NavLink>
      </nav>
      <Outlet />
    </>
  );
}
