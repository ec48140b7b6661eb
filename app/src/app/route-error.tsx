// When a page fails to load (its code could not be fetched, or it threw), say so in a sentence
// and offer a reload, instead of a blank screen.
import { useRouteError } from 'react-router';
import { describeError } from '../lib/errors/describe-error.ts';
import { useEndEarlyPage } from '../lib/use-early-page.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthLayout } from '../ui/auth-layout.tsx';
import { Button } from '../ui/button.tsx';

export function RouteError() {
  const error = useRouteError();
  useEndEarlyPage(true);
  return (
    <AuthLayout title="This page could not be shown">
      <Alert tone="error">{describeError(error).message}</Alert>
      <Button block onClick={() => window.location.reload()}>
        Reload
      </Button>
    </AuthLayout>
  );
}
