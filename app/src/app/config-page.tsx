// Shown instead of the app when VITE_SUPABASE_URL or VITE_SUPABASE_PUBLISHABLE_KEY is missing or
// malformed: names each variable and says how to fix it. Needs no router and no client.
import type { EnvProblem } from '../lib/env.ts';

export function ConfigPage({ problems }: { problems: EnvProblem[] }) {
  return (
    <div className="auth-page">
      <main className="auth-card" id="main" style={{ maxWidth: 560 }}>
        <div className="auth-card__head">
          <h1 className="auth-card__title">Sheaf is not configured</h1>
          <p className="auth-card__lead">The app needs to know which Supabase project to use.</p>
        </div>
        <div className="alert alert--error" role="alert">
          <ul className="config-list">
            {problems.map((p) => (
              <li key={p.variable}>
                <code>{p.variable}</code> {p.message}
              </li>
            ))}
          </ul>
        </div>
        <p>
          On this machine, run <code>npm start</code>: it starts the local stack and hands the app
          its URL and key. For a hosted project, put both values in <code>app/.env.local</code>:
        </p>
        <pre className="code">
          {
            'VITE_SUPABASE_URL=https://<project-ref>.supabase.co\nVITE_SUPABASE_PUBLISHABLE_KEY=sb_publishable_…'
          }
        </pre>
        <p className="auth-card__foot">Then restart the dev server or rebuild the app.</p>
      </main>
    </div>
  );
}
