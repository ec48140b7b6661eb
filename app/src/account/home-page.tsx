// The signed-in home's account parts ("/" composes them around the notebooks): a greeting by name
// (or an invitation to choose one: a phone account has none), and what the account has.
import { Link, useLocation } from 'react-router';
import { useSignedIn } from '../lib/session/session-context.ts';
import { Alert } from '../ui/alert.tsx';
import { accountEmail, accountPhone, displayNameOf } from './api/account-identity.ts';

/** The signed-in home's heading: a greeting, and any notice a redirect left. */
export function HomeGreeting() {
  const { user } = useSignedIn();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const name = displayNameOf(user);
  return (
    <>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <div>
        <h1 className="page-title">{name ? `Hello, ${name}` : 'Welcome to Sheaf'}</h1>
        <p className="page-lead">
          Your notebooks and the ones shared with you.
          {name ? null : (
            <>
              {' '}
              <Link to="/settings/profile">Add your name</Link> so the people you share with know
              who you are.
            </>
          )}
        </p>
      </div>
    </>
  );
}

/** What the account has: name, email, phone, two-step verification; devices live in Security. */
export function AccountSummary() {
  const { user } = useSignedIn();
  const name = displayNameOf(user);
  const email = accountEmail(user);
  const phone = accountPhone(user);
  const twoStep = (user.factors ?? []).some((f) => f.status === 'verified');
  return (
    <section className="panel" aria-labelledby="account-heading">
      <h2 className="panel__title" id="account-heading">
        Your account
      </h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{name ?? 'Not set yet'}</dd>
        <dt>Email</dt>
        <dd data-testid="account-email">{email ?? 'No email address yet'}</dd>
        <dt>Phone</dt>
        <dd data-testid="account-phone">{phone ?? 'No phone number yet'}</dd>
        <dt>Two-step verification</dt>
        <dd>{twoStep ? 'On' : 'Off'}</dd>
      </dl>
      <p>
        <Link to="/settings/security">Security, devices and sessions</Link>
      </p>
    </section>
  );
}
