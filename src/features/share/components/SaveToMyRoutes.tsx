import { useState } from 'react';
import type { Stop } from '@domain/stops.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths, RETURN_TO_SAVE } from '@/config/paths';
import { useIdentity } from '@/lib/auth';
import { forgetIdempotencyKey, idempotencyKeyFor, useCreateItinerary } from '@/lib/itineraries';
import { writePendingRoute } from '@/lib/route-storage';
import { sharedRouteCopy } from '../model/shared-route-copy';

/**
 * "Save to my routes" on a shared route: a copy in the visitor's own account (signed in), or,
 * for a visitor without one, the copy waits as the pending route while they sign up.
 */
export function SaveToMyRoutes({ route }: { route: { title: string; stops: readonly Stop[] } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identity } = useIdentity();
  const create = useCreateItinerary();
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const save = async () => {
    setFailed(false);
    const copy = sharedRouteCopy(route);
    if (identity.status !== 'signed-in') {
      writePendingRoute(copy);
      void navigate(paths.register({ returnTo: RETURN_TO_SAVE }));
      return;
    }
    try {
      const created = await create.mutateAsync({
        ...copy,
        idempotencyKey: idempotencyKeyFor(copy),
      });
      forgetIdempotencyKey(copy);
      setSaved(created.id);
    } catch (error) {
      console.error('Saving a copy of the shared route failed', error);
      setFailed(true);
    }
  };

  if (saved) {
    return (
      <p className="shared__saved" role="status">
        {t('share.savedCopy')} <Link to={paths.editRoute(saved)}>{t('share.openCopy')}</Link>
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--large"
        disabled={create.isPending}
        aria-busy={create.isPending}
        onClick={() => void save()}
      >
        {create.isPending ? t('share.savingCopy') : t('share.saveCopy')}
      </button>
      {failed ? (
        <p className="shared__save-failed" role="alert">
          {t('share.saveCopyFailed')}
        </p>
      ) : null}
    </>
  );
}
