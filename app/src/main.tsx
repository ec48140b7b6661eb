// Entry: validate the environment once; a bad variable gets the configuration page, never a blank
// screen. Otherwise create the one Supabase client (its auth half now, the rest with the first
// signed-in page) and start the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ConfigPage } from './app/config-page.tsx';
import { readEnv } from './lib/env.ts';
import { createSupabase } from './lib/supabase.ts';
import './ui/styles.css';
// The signed-in frame's styles ship in the entry's stylesheet, with the ones every page has
// (their modules import them too): index.html can then draw a notebook's page early with the
// stylesheet it already links, instead of waiting on a second one (app/build/early-script.ts).
import './ui/signed-in.css';
import './ui/workspace.css';
import './notes/live/live.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const result = readEnv(import.meta.env);

root.render(
  <StrictMode>
    {result.ok ? (
      <App supabase={createSupabase(result.env)} />
    ) : (
      <ConfigPage problems={result.problems} />
    )}
  </StrictMode>,
);
