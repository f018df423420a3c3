import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FAILURE_REASONS,
  REPORT_NOTE_MAX_CHARS,
  REPORT_STATUSES,
  type FailureReason,
  type ReportStatus,
} from '@domain/stop-reports.ts';
import type { ReportToSend } from '@/lib/driver-reports';
import { randomUuid } from '@domain/random-uuid.ts';
import { useDevicePosition } from '../hooks/use-device-position';
import { PhotoPicker } from './PhotoPicker';
import { SignaturePad } from './SignaturePad';

export interface ReportFormProps {
  stop: { id: string; name: string };
  /** The report is kept on the device at once; sending it is the outbox's work. */
  onReport: (report: ReportToSend, proofs: { photo: Blob | null; signature: Blob | null }) => void;
  onCancel: () => void;
}

/**
 * What happened at a stop: Delivered, Failed (with the reason) or Skipped, an optional note,
 * photo and signature. The report carries the device's time, an id made here (so sending it
 * twice makes one report) and, with the driver's permission, the phone's position.
 */
export function ReportForm({ stop, onReport, onCancel }: ReportFormProps) {
  const { t } = useTranslation();
  const ids = { reason: useId(), other: useId(), note: useId(), signature: useId() };
  const [status, setStatus] = useState<ReportStatus | null>(null);
  const [reason, setReason] = useState<FailureReason | ''>('');
  const [otherText, setOtherText] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [signing, setSigning] = useState(false);
  const [missing, setMissing] = useState(false);
  const position = useDevicePosition(true);
  // The form takes the place of the stop's Report button: the focus goes on to its first choice.
  const firstChoice = useRef<HTMLInputElement>(null);
  useEffect(() => firstChoice.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status || (status === 'failed' && !reason)) {
      setMissing(true);
      return;
    }
    // The reason "other" is said in words: they lead the note the dispatcher reads.
    const words = [status === 'failed' && reason === 'other' ? otherText.trim() : '', note.trim()]
      .filter(Boolean)
      .join(' — ')
      .slice(0, REPORT_NOTE_MAX_CHARS);
    onReport(
      {
        id: randomUuid(),
        stopId: stop.id,
        status,
        ...(status === 'failed' && reason ? { reason } : {}),
        ...(words ? { note: words } : {}),
        at: new Date().toISOString(),
        ...(position ? { position } : {}),
      },
      { photo, signature },
    );
  };

  return (
    <form
      className="report-form"
      onSubmit={submit}
      aria-label={t('drive.reportOn', { name: stop.name })}
    >
      <fieldset className="report-form__statuses">
        <legend>{t('drive.whatHappened')}</legend>
        {REPORT_STATUSES.map((option) => (
          <label key={option} className={`report-form__status report-form__status--${option}`}>
            <input
              ref={option === REPORT_STATUSES[0] ? firstChoice : undefined}
              type="radio"
              name="status"
              value={option}
              checked={status === option}
              onChange={() => {
                setStatus(option);
                setMissing(false);
              }}
            />
            {t(`drive.status.${option}`)}
          </label>
        ))}
      </fieldset>

      {status === 'failed' ? (
        <div className="report-form__field">
          <label htmlFor={ids.reason}>{t('drive.reasonLabel')}</label>
          <select
            id={ids.reason}
            className="form-input"
            value={reason}
            required
            onChange={(event) => setReason(event.target.value as FailureReason | '')}
          >
            <option value="">{t('drive.reasonChoose')}</option>
            {FAILURE_REASONS.map((option) => (
              <option key={option} value={option}>
                {t(`drive.reason.${option}`)}
              </option>
            ))}
          </select>
          {reason === 'other' ? (
            <>
              <label htmlFor={ids.other}>{t('drive.reasonOther')}</label>
              <input
                id={ids.other}
                className="form-input"
                value={otherText}
                maxLength={200}
                onChange={(event) => setOtherText(event.target.value)}
              />
            </>
          ) : null}
        </div>
      ) : null}

      <div className="report-form__field">
        <label htmlFor={ids.note}>{t('drive.noteLabel')}</label>
        <textarea
          id={ids.note}
          className="form-input"
          rows={2}
          maxLength={REPORT_NOTE_MAX_CHARS}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>

      <div className="report-form__field">
        <span className="report-form__label">{t('drive.photoLabel')}</span>
        <PhotoPicker onChange={setPhoto} />
      </div>

      <div className="report-form__field">
        {signing ? (
          <>
            <span className="report-form__label" id={ids.signature}>
              {t('drive.signatureLabel')}
            </span>
            <SignaturePad onChange={setSignature} />
          </>
        ) : (
          <button type="button" className="button button--small" onClick={() => setSigning(true)}>
            {t('drive.signatureAdd')}
          </button>
        )}
      </div>

      <p className="report-form__position">
        {position
          ? t('drive.positionKnown', { meters: position.accuracy ?? 0 })
          : t('drive.positionNone')}
      </p>
      {missing ? (
        <p className="driver__error" role="alert">
          {status === 'failed' ? t('drive.reasonMissing') : t('drive.statusMissing')}
        </p>
      ) : null}
      <div className="report-form__actions">
        <button type="submit" className="button button--primary">
          {t('drive.send')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
