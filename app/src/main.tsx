// Entry: validate the environment once; a bad variable gets the configuration page, never a blank
// screen. Otherwise create the one Supabase client (its auth half now, the rest with the first
// signed-in page), start watching whether the server answers (lib/reachability.ts), start the
// app, and — once its first page has loaded — register the service worker that lets it open
// offline.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ConfigPage } from './app/config-page.tsx';
import { readEnv } from './lib/env.ts';
import { startReachability } from './lib/reachability.ts';
import { serverProbe } from './lib/server-probe.ts';
import { createSupabase } from './lib/supabase.ts';
import './ui/styles.css';
// The signed-in frame's styles ship in the entry's stylesheet, with the ones every page has
// (their modules import them too): index.html can then draw a notebook's page early with the
// stylesheet it already links, instead of waiting on a second one (app/build/early-script.ts).
import './ui/signed-in.css';
import './ui/workspace.css';
import './notes/live/live.css';
import './notifications/notifications.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const result = readEnv(import.meta.env);
if (result.ok) startReachability(serverProbe(result.env));

// Built apps only (the mode, not PROD: a build run under a test runner has NODE_ENV=test, and
// Vite derives PROD from NODE_ENV). Not before the first page has loaded (app/first-page.ts).
const registerWorker =
  import.meta.env.MODE === 'production'
    ? () => void import('./app/register-worker.ts').then((m) => m.registerWorker())
    : undefined;

root.render(
  <StrictMode>
    {result.ok ? (
      <App supabase={createSupabase(result.env)} afterFirstPage={registerWorker} />
    ) : (
      <ConfigPage problems={result.problems} />
    )}
  </StrictMode>,
);
