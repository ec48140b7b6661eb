// The app's environment, validated once at start: the Supabase URL and the publishable key.
// Every problem names the variable, so the configuration page can say exactly what to fix.

export interface AppEnv {
  supabaseUrl: string;
  supabaseKey: string;
}

export interface EnvProblem {
  variable: 'VITE_SUPABASE_URL' | 'VITE_SUPABASE_PUBLISHABLE_KEY';
  message: string;
}

export type EnvResult = { ok: true; env: AppEnv } | { ok: false; problems: EnvProblem[] };

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const PUBLISHABLE = /^sb_publishable_[A-Za-z0-9_-]+$/;

function checkUrl(raw: string | undefined): string | EnvProblem {
  const variable = 'VITE_SUPABASE_URL';
  const value = raw?.trim();
  if (!value) return { variable, message: 'is not set.' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { variable, message: `is not a URL ("${value}").` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { variable, message: `must start with http:// or https:// ("${value}").` };
  if (url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return {
      variable,
      message: `must be the project URL only, without a path, e.g. https://abcd.supabase.co ("${value}").`,
    };
  return url.origin;
}

function checkKey(raw: string | undefined): string | EnvProblem {
  const variable = 'VITE_SUPABASE_PUBLISHABLE_KEY';
  const value = raw?.trim();
  if (!value) return { variable, message: 'is not set.' };
  if (value.startsWith('sb_secret_'))
    return {
      variable,
      message:
        'holds a secret key. Never put a secret key in a browser app; use the publishable key.',
    };
  if (!PUBLISHABLE.test(value) && !JWT.test(value))
    return {
      variable,
      message: 'is not a publishable key (sb_publishable_…) or a legacy anon key (a JWT).',
    };
  return value;
}

/** Validates the raw variables (import.meta.env in the app). */
export function readEnv(raw: Record<string, string | undefined>): EnvResult {
  const url = checkUrl(raw.VITE_SUPABASE_URL);
  const key = checkKey(raw.VITE_SUPABASE_PUBLISHABLE_KEY);
  const problems = [url, key].filter((v): v is EnvProblem => typeof v !== 'string');
  if (problems.length > 0 || typeof url !== 'string' || typeof key !== 'string')
    return { ok: false, problems };
  return { ok: true, env: { supabaseUrl: url, supabaseKey: key } };
}
