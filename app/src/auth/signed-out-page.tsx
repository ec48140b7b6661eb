// /signed-out: where "Sign out everywhere" and account deletion end, saying what happened and
// what is possible next. ?reason=everywhere | deleted; anything else is a plain sign-out.
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';

const PAGES = {
  everywhere: {
    title: 'You are signed out everywhere',
    lead: 'Every browser and device that was signed in to your account, this one included, is now signed out.',
    detail:
      'Anyone using one of them has to sign in again with your password or a code. If you think someone else knows your password, sign in and change it in Settings → Security.',
  },
  deleted: {
    title: 'Your account is deleted',
    lead: 'Your account, your profile, the notebooks you owned and their files are gone, and you are signed out.',
    detail:
      'Notes you wrote in notebooks other people own stay there without your name. This cannot be undone; you are welcome to create a new account at any time.',
  },
  signed_out: {
    title: 'You are signed out',
    lead: 'You are signed out of Sheaf on this device.',
    detail: 'Sign in again whenever you like.',
  },
} as const;

export function SignedOutPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const page = reason === 'everywhere' || reason === 'deleted' ? PAGES[reason] : PAGES.signed_out;
  return (
    <AuthLayout
      title={page.title}
      lead={page.lead}
      footer={
        reason === 'deleted' ? (
          <>
            <Link to="/sign-up">Create an account</Link> · <Link to="/sign-in">Sign in</Link>
          </>
        ) : (
          <Link to="/sign-in/code">Sign in with a code instead</Link>
        )
      }
    >
      <Alert tone="info">{page.detail}</Alert>
      {reason === 'deleted' ? null : (
        <Link className="button button--primary button--block" to="/sign-in">
          Sign in again
        </Link>
      )}
    </AuthLayout>
  );
}
