// The field for choosing a password (sign-up, reset, change): Sheaf's password rules shown as
// its hint before anything is submitted, and the browser told it is a new password.
import { forwardRef, type ComponentProps } from 'react';
import { SHEAF_PASSWORD_POLICY, describePasswordPolicy } from '../lib/validation/fields.ts';
import { TextField } from './text-field.tsx';

type NewPasswordFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'name' | 'autoComplete' | 'hint'
>;

export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(
  function NewPasswordField(props, ref) {
    return (
      <TextField
        {...props}
        ref={ref}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={describePasswordPolicy(SHEAF_PASSWORD_POLICY)}
      />
    );
  },
);
