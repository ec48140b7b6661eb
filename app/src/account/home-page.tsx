// The signed-in home's account parts ("/" composes them around the notebooks): a greeting, and
// who is signed in and how this session was established.
import { useLocation } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { useSignedIn } from '../lib/session/session-context.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

function methodsOf(amr: unknown): string {
  if (!Array.isArray(amr) || amr.length === 0) return '—';
  const names: Record<string, string> = {
    password: 'password',
    otp: 'one-time code',
    magiclink: 'email link',
    totp: 'authenticator app',
    recovery: 'recovery link',
  };
  return amr
    .map((entry) => (typeof entry === 'object' && entry && 'method' in entry ? entry.method : ''))
    .map((method) => names[String(method)] ?? String(method))
    .filter(Boolean)
    .join(', ');
}

/** The signed-in home's heading: a greeting, and any notice a redirect left. */
export function HomeGreeting() {
  const { user, claims } = useSignedIn();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const email = (claims?.email as string | undefined) ?? user.email ?? '';
  const name = (user.user_metadata?.display_name as string | undefined) ?? email.split('@')[0];
  return (
    <>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <div>
        <h1 className="page-title">Hello, {name}</h1>
        <p className="page-lead">Your notebooks and the ones shared with you.</p>
      </div>
    </>
  );
}

/** Who is signed in, from the verified claims where available, and how this session began. */
export function AccountSummary() {
  const { user, claims, session, aal } = useSignedIn();
  const email = (claims?.email as string | undefined) ?? user.email ?? '';
  return (
    <section className="panel" aria-labelledby="account-heading">
      <h2 className="panel__title" id="account-heading">
        Your account
      </h2>
      <dl className="facts">
        <dt>Email</dt>
        <dd data-testid="account-email">{email || '—'}</dd>
        {user.phone ? (
          <>
            <dt>Phone</dt>
            <dd>+{user.phone}</dd>
          </>
        ) : null}
        <dt>Email confirmed</dt>
        <dd>{formatDate(user.email_confirmed_at)}</dd>
        <dt>Signed in with</dt>
        <dd>{methodsOf(claims?.amr)}</dd>
        <dt>Verification level</dt>
        <dd>{aal.current === 'aal2' ? 'Two-step (aal2)' : 'One step (aal1)'}</dd>
        <dt>Session renews</dt>
        <dd>{formatDate(session.expires_at)}</dd>
        <dt>Account ID</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
      </dl>
    </section>
  );
}
