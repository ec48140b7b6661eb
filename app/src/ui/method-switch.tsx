// Choose between two ways of doing the same thing ("Email" / "Phone"): a radio group drawn as a
// segmented control, usable with arrow keys as radios are.
import { useId } from 'react';

interface MethodSwitchProps<T extends string> {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
}

export function MethodSwitch<T extends string>({
  label,
  value,
  options,
  onChange,
}: MethodSwitchProps<T>) {
  const name = useId();
  return (
    <fieldset className="switch">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <label key={o.value} className="switch__option">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
