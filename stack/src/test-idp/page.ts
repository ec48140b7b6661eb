// The test identity provider's pages: the sign-in form where the developer says who the test
// person is (email, name, whether the provider vouches for the email), and its error page. Plain,
// labelled HTML that works without script and with the keyboard.

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a;background:#f6f6f4}
main{max-width:24rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;border:1px solid #ccc}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1rem;color:#444}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=email],input[type=text]{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #767676;border-radius:.25rem}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}button{margin-top:1rem;width:100%;padding:.6rem;font:inherit;font-weight:600;color:#fff;background:#1a56db;border:0;border-radius:.25rem;cursor:pointer}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const NAMES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin_oidc: 'LinkedIn',
};
const displayName = (provider: string) =>
  NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);

/** The sign-in form of one interaction, posted back to `action`. */
export function signInPage(provider: string, action: string, clientId: string): string {
  const name = escape(displayName(provider));
  return page(
    `Sign in with ${displayName(provider)} (test)`,
    `<h1>Sign in with ${name}</h1>
<p>This is the local stack's test ${name} sign-in for <code>${escape(clientId)}</code>. Type who the test person is; nothing leaves this machine.</p>
<form method="post" action="${escape(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name">
<label class="check"><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<button type="submit">Continue</button>
</form>`,
  );
}

export function errorPage(error: string, description: string): string {
  return page(
    'Sign-in error',
    `<h1>Sign-in error</h1><p><strong>${escape(error)}</strong></p><p>${escape(description)}</p>`,
  );
}
