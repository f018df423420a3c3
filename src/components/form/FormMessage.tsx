import '../forms.css';

export interface Message {
  tone: 'success' | 'error';
  text: string;
}

/** A form's outcome: a status for a success, an alert for a failure. */
export function FormMessage({ message }: { message: Message | null }) {
  if (!message) return null;
  return (
    <p
      className={`form-message form-message--${message.tone}`}
      role={message.tone === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}
