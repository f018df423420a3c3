import { useTranslation } from 'react-i18next';
import './StopNote.css';

/** A stop's note for the driver (a door code, a phone number), shown as its own block. */
export function StopNote({ note, className }: { note: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!note?.trim()) return null;
  return (
    <p className={['stop-note', className].filter(Boolean).join(' ')}>
      <span className="stop-note__label">{t('navigation.note')}</span>{' '}
      <span className="stop-note__text">{note}</span>
    </p>
  );
}
