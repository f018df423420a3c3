import { useTranslation } from 'react-i18next';
import { hasChanges, type RouteChanges } from '../model/route-changes';

/** "Your route changed: Bakery added" (and removed), until the driver dismisses it. */
export function RouteChangedNotice({
  changes,
  onDismiss,
}: {
  changes: RouteChanges;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const list = (stops: RouteChanges['added']) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      stops.map((stop) => stop.name),
    );
  return (
    <div className="driver__changed" role="status" data-testid="route-changed">
      {hasChanges(changes) ? (
        <>
          {changes.added.length > 0 ? (
            <p>
              {t('drive.routeChanged.added', {
                count: changes.added.length,
                names: list(changes.added),
              })}
            </p>
          ) : null}
          {changes.removed.length > 0 ? (
            <p>
              {t('drive.routeChanged.removed', {
                count: changes.removed.length,
                names: list(changes.removed),
              })}
            </p>
          ) : null}
          <button type="button" className="button button--small" onClick={onDismiss}>
            {t('drive.routeChanged.seen')}
          </button>
        </>
      ) : null}
    </div>
  );
}
