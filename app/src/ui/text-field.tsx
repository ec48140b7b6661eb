// A labelled input with an optional hint and error, both tied to the input by aria-describedby;
// aria-invalid marks the field when its error shows.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { normaliseCode } from '../lib/validation/fields.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Something beside the label, such as a "Forgot password?" link. */
  aside?: ReactNode;
  variant?: 'code';
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, aside, variant, className, ...input },
  ref,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <div className="field__row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      <input
        {...input}
        ref={ref}
        id={id}
        className={['field__input', variant ? `field__input--${variant}` : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
});

/** An email address field, as every form here asks for one (type, autocomplete, keyboard). */
export const EmailField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, 'type' | 'label' | 'inputMode' | 'autoComplete'> & {
    label?: string;
    /** "email" unless told (the sign-in page's is "username webauthn", for passkey autofill). */
    autoComplete?: string;
  }
>(function EmailField({ label = 'Email', name = 'email', autoComplete = 'email', ...field }, ref) {
  return (
    <TextField
      {...field}
      ref={ref}
      label={label}
      type="email"
      name={name}
      autoComplete={autoComplete}
      inputMode="email"
    />
  );
});

/** A one-time code field (texted, emailed or from an app), kept to its digits as it is typed. */
export const CodeField = forwardRef<
  HTMLInputElement,
  Omit<TextFieldProps, 'variant' | 'inputMode' | 'autoComplete' | 'value' | 'onChange'> & {
    value: string;
    onCodeChange(code: string): void;
  }
>(function CodeField({ onCodeChange, ...field }, ref) {
  return (
    <TextField
      {...field}
      ref={ref}
      variant="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      onChange={(e) => onCodeChange(normaliseCode(e.target.value))}
    />
  );
});
