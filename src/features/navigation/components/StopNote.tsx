import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { noteParts } from '../model/note-links';
import './StopNote.css';

/**
 * A stop's note for the driver (a door code, a phone number), shown as its own block: phone
 * numbers are tel: links and e-mail addresses mailto: links (model/note-links.ts).
 */
export function StopNote({ note, className }: { note: string | undefined; className?: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => noteParts(note ?? ''), [note]);
  if (!note?.trim()) return null;
  return (
    <p className={['stop-note', className].filter(Boolean).join(' ')}>
      <span className="stop-note__label">{t('navigation.note')}</span>{' '}
      <span className="stop-note__text">
        {parts.map((part, index) =>
          part.kind === 'text' ? (
            part.text
          ) : (
            <a key={index} className="stop-note__link" href={part.href}>
              {part.text}
            </a>
          ),
        )}
      </span>
    </p>
  );
}
