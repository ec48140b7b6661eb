// Sheaf's mark and name, linking home.
import { Link } from 'react-router';

export function Brand({ href = '/' }: { href?: string }) {
  return (
    <Link className="brand" to={href} aria-label="Sheaf home">
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--primary)" />
        <path
          d="M9 22c4-1 7-5 8-12 2 5 4 9 6 12"
          fill="none"
          stroke="var(--on-primary)"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span aria-hidden="true">Sheaf</span>
    </Link>
  );
}
