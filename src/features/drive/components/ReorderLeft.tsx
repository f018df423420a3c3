import { useTranslation } from 'react-i18next';
import type { TimeFormat } from '@/lib/day-plan';
import type { DriveRoute } from '@/lib/driver-reports';
import { useReorderLeft } from '../hooks/use-reorder-left';
import type { Origin } from '../model/reorder-left';

/**
 * "Re-order what is left from here" (at least two stops still to do): the new order with its
 * times and the windows it would miss, then *Use this order* or *Keep the current order*.
 */
export function ReorderLeft({
  token,
  route,
  waiting,
  format,
}: {
  token: string;
  route: DriveRoute;
  /** Reports on the phone not sent yet: the server must have them before a re-order. */
  waiting: number;
  format: TimeFormat;
}) {
  const { t } = useTranslation();
  const reorder = useReorderLeft(token, route);
  const { state } = reorder;
  if (!reorder.canReorder || (reorder.left < 2 && state.step === 'idle')) return null;

  const fromText = (origin: Origin, leaving: number) => {
    const time = format.time(leaving);
    if (origin.kind === 'device') return t('drive.reorder.fromDevice', { time });
    return t(origin.kind === 'start' ? 'drive.reorder.fromStart' : 'drive.reorder.fromLastReport', {
      name: origin.name,
      time,
    });
  };

  if (state.step === 'preview' || state.step === 'saving') {
    const missed = state.preview.filter((item) => item.late).length;
    return (
      <section className="driver__reorder" aria-labelledby="reorder-title">
        <h2 id="reorder-title" className="driver__reorder-title">
          {t('drive.reorder.title')}
        </h2>
        <p>{fromText(state.origin, state.leaving)}</p>
        <p className="driver__reorder-cost">{state.cost}</p>
        <ol className="driver__reorder-list" aria-label={t('drive.reorder.listLabel')}>
          {state.preview.map(({ stop, arrival, late }) => (
            <li key={stop.id}>
              <span className="driver__reorder-name">{stop.name}</span>{' '}
              <span>{t('drive.reorder.arrival', { time: format.time(arrival) })}</span>
              {late && stop.window ? (
                <span className="driver__reorder-late">
                  {' '}
                  {t('drive.reorder.late', { start: stop.window.start, end: stop.window.end })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        <p role="status">
          {missed > 0
            ? t('drive.reorder.missed', { count: missed })
            : t('drive.reorder.noneMissed')}
        </p>
        <div className="driver__reorder-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={state.step === 'saving'}
            onClick={() => void reorder.accept()}
          >
            {state.step === 'saving' ? t('drive.reorder.saving') : t('drive.reorder.accept')}
          </button>
          <button
            type="button"
            className="button"
            disabled={state.step === 'saving'}
            onClick={reorder.close}
          >
            {t('drive.reorder.keep')}
          </button>
        </div>
      </section>
    );
  }

  const message =
    state.step === 'saved'
      ? t('drive.reorder.saved')
      : state.step === 'failed'
        ? t(`drive.reorder.failed.${state.why}`)
        : state.step === 'working'
          ? t('drive.reorder.working')
          : null;
  return (
    <div className="driver__reorder">
      <p role="status" className="driver__reorder-message">
        {message}
      </p>
      {state.step === 'working' ? (
        <button type="button" className="button" onClick={reorder.close}>
          {t('drive.reorder.cancel')}
        </button>
      ) : reorder.left >= 2 ? (
        <>
          <button
            type="button"
            className="button"
            disabled={waiting > 0}
            aria-describedby={waiting > 0 ? 'reorder-waiting' : undefined}
            onClick={() => void reorder.start()}
          >
            {t('drive.reorder.button')}
          </button>
          {waiting > 0 ? (
            <p id="reorder-waiting" className="driver__reorder-hint">
              {t('drive.reorder.waitingReports')}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
