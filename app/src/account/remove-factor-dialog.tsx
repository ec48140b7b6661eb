// Asks before a second step is removed (unenroll needs aal2); says when it is the last one. A
// session raised to aal2 with the removed factor falls back to aal1 (as Supabase Auth does), so
// the guard then asks for another second step.
import { useSubmit } from '../lib/forms/use-submit.ts';
import { factorName, factorPhone, type SecondFactor } from '../lib/session/second-factors.ts';
import { useSupabase } from '../lib/supabase.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

interface Props {
  factor: SecondFactor;
  last: boolean;
  onClose(removed: boolean): void;
}

export function RemoveFactorDialog({ factor, last, onClose }: Props) {
  const supabase = useSupabase();
  const removing = useSubmit();
  const name = factorName(factor);

  async function remove() {
    const ok = await removing.run(async () => {
      const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
      if (error) return { error };
      // The session's list of factors (and its aal) changes with it.
      await supabase.auth.refreshSession();
    });
    if (ok) onClose(true);
  }

  return (
    <Dialog title="Remove this second step?" onClose={() => onClose(false)}>
      <p>
        {factor.factor_type === 'phone'
          ? `Sheaf will no longer text codes to ${factorPhone(factor)} when you sign in.`
          : factor.factor_type === 'webauthn'
            ? `Sheaf will no longer accept “${name}” as a second step when you sign in.`
            : `Sheaf will no longer ask for codes from “${name}” when you sign in.`}
      </p>
      {last ? (
        <p>It is your only second step: signing in will need your password alone.</p>
      ) : (
        <p>
          If you used it to sign in this time, Sheaf will ask for one of your other second steps
          right after.
        </p>
      )}
      {removing.error ? <Alert tone="error">{removing.error}</Alert> : null}
      <div className="actions">
        <Button variant="danger" pending={removing.pending} onClick={() => void remove()}>
          Yes, remove it
        </Button>
        <Button variant="secondary" onClick={() => onClose(false)}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}
