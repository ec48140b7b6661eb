// GET /settings, GET /health and GET /.well-known/jwks.json: the public facts about this Auth
// server, shaped as Supabase Auth serves them.
import type { Context } from 'hono';
import type { AuthDeps } from '../deps.ts';

const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
];

export function settings(deps: AuthDeps, c: Context): Response {
  const { auth } = deps.ctx.config;
  const external: Record<string, boolean> = { anonymous_users: auth.enableAnonymousSignIns };
  for (const name of OAUTH_PROVIDERS) external[name] = false;
  external.email = auth.email.enableSignup;
  external.phone = auth.sms.enableSignup;
  return c.json({
    external,
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.email.enableConfirmations,
    phone_autoconfirm: !auth.sms.enableConfirmations,
    sms_provider: '',
    saml_enabled: false,
  });
}

export function health(_deps: AuthDeps, c: Context): Response {
  return c.json({
    version: 'sheaf-stack',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

export function jwks(deps: AuthDeps, c: Context): Response {
  c.header('cache-control', 'public, max-age=600');
  return c.json(deps.ctx.keys.jwks);
}
