import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LatLng } from '@domain/geo.ts';
import { paths } from '@/config/paths';
import { useShareItinerary } from '@/lib/itineraries';
import type { SavedDriver } from '../hooks/use-save-team.ts';

/** A saved driver's route: its share link (made on demand, copyable), its navigation page, Waze. */
export function DriverLinks({
  saved,
  firstStop,
  onWaze,
}: {
  saved: SavedDriver;
  /** The first stop to drive to, handed to Waze. */
  firstStop: LatLng | null;
  onWaze: (point: LatLng) => void;
}) {
  const { t } = useTranslation();
  const sharing = useShareItinerary();
  const [share, setShare] = useState<{ url: string; copied: boolean } | null>(null);
  const [shareFailed, setShareFailed] = useState(false);

  const createShare = async () => {
    setShareFailed(false);
    try {
      const link = await sharing.mutateAsync({ id: saved.id });
      setShare({ url: link.shareUrl, copied: false });
    } catch (error) {
      console.error('Creating the share link failed', error);
      setShareFailed(true);
    }
  };
  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.url);
      setShare({ ...share, copied: true });
    } catch {
      // No clipboard: the link is in the field, selectable.
    }
  };

  return (
    <div className="team-driver__links">
      <button
        type="button"
        className="button button--small"
        aria-label={t('dayPlan.shareDriverLabel', { title: saved.title })}
        disabled={sharing.isPending}
        onClick={() => void createShare()}
      >
        {t('dayPlan.shareDriver')}
      </button>
      <Link
        className="button button--small"
        to={paths.wazeRoute(saved.id)}
        aria-label={t('dayPlan.driveDriverLabel', { title: saved.title })}
      >
        {t('dayPlan.driveDriver')}
      </Link>
      {firstStop ? (
        <button
          type="button"
          className="button button--small team-driver__waze"
          aria-label={t('dayPlan.wazeDriverLabel', { title: saved.title })}
          onClick={() => onWaze(firstStop)}
        >
          {t('dayPlan.wazeDriver')}
        </button>
      ) : null}
      {share ? (
        <div className="team-driver__share">
          <input
            className="form-input"
            readOnly
            value={share.url}
            aria-label={t('dayPlan.shareDriverLabel', { title: saved.title })}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--small" onClick={() => void copy()}>
            {t('dayPlan.copyDriverLink')}
          </button>
          <span role="status" className="team-driver__copied">
            {share.copied ? t('dayPlan.linkCopied') : ''}
          </span>
        </div>
      ) : null}
      {shareFailed ? (
        <p role="alert" className="team-driver__error">
          {t('dayPlan.shareDriverFailed')}
        </p>
      ) : null}
    </div>
  );
}
