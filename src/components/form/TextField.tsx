import { useId, type InputHTMLAttributes } from 'react';
import '../forms.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled, required input of a form (sign-in, registration, password, email). */
export function TextField({ label, value, onValueChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
    </div>
  );
}
