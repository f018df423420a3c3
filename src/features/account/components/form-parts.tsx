import { useId, type InputHTMLAttributes } from 'react';

export interface Message {
  tone: 'success' | 'error';
  text: string;
}

/** A section's outcome: a status for success, an alert for a failure. */
export function FormMessage({ message }: { message: Message | null }) {
  if (!message) return null;
  return (
    <p
      className={`account__message account__message--${message.tone}`}
      role={message.tone === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled, required input of the account page's forms. */
export function Field({ label, value, onValueChange, ...input }: FieldProps) {
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
