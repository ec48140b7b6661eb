// Shown while the session is being read or a page's code loads.
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
