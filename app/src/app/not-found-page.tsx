// Any unknown path.
import { Link } from 'react-router';
import { AuthLayout } from '../ui/auth-layout.tsx';

export function NotFoundPage() {
  return (
    <AuthLayout title="Page not found" lead="There is nothing at this address.">
      <Link className="button button--primary button--block" to="/">
        Go to Sheaf
      </Link>
    </AuthLayout>
  );
}
