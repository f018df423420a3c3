import '../forms.css';

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  /** What the button says while the request runs. */
  busyLabel: string;
  /** As wide as the form (the sign-in pages), else as wide as its label. */
  block?: boolean;
}

/** A form's submit button, disabled and marked busy while the request runs. */
export function SubmitButton({ busy, label, busyLabel, block = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--primary${block ? ' button--block' : ''}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
