// GET /settings, GET /health and GET /.well-known/jwks.json: the public facts about this Auth
// server, shaped as Supabase Auth serves them.
import { endpoint } from '../endpoint.ts';

/** The OAuth providers Supabase Auth knows ([auth.external.<provider>] enables one). */
export const OAUTH_PROVIDERS = [
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

export const settings = endpoint({}, async (_request, _params, { deps }) => {
  const { auth } = deps.config;
  const external: Record<string, boolean> = { anonymous_users: auth.enableAnonymousSignIns };
  for (const name of OAUTH_PROVIDERS) external[name] = !!auth.external[name]?.enabled;
  external.email = auth.email.enableSignup;
  external.phone = auth.sms.enableSignup;
  return Response.json({
    external,
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.email.enableConfirmations,
    phone_autoconfirm: !auth.sms.enableConfirmations,
    sms_provider: '',
    saml_enabled: false,
  });
});

export const health = endpoint({}, async () =>
  Response.json({
    version: 'sheaf-stack',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }),
);

export const jwks = endpoint({}, async (_request, _params, { deps }) =>
  Response.json(deps.keys.jwks, { headers: { 'cache-control': 'public, max-age=600' } }),
);
