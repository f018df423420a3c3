import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@domain/geo.ts';
import {
  handOffToMapApp,
  MAP_APPS,
  useMapAppChoice,
  type HandOff,
  type MapApp,
} from '@/lib/map-apps';

const APP_NAMES: Record<MapApp, string> = {
  waze: 'Waze',
  google: 'Google Maps',
  apple: 'Apple Maps',
};

/**
 * "Navigate": hands the stop to the driver's navigation app. The first time the driver picks
 * Waze, Google Maps or Apple Maps; the phone remembers it (a link at the bottom of the page
 * changes it).
 */
export function NavigateButton({
  point,
  name,
  large = false,
}: {
  point: LatLng;
  name: string;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const [app, choose] = useMapAppChoice();
  const [choosing, setChoosing] = useState(false);
  const pending = useRef<HandOff | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  // The choice replaces the focused button: focus moves to its first app, not to the page.
  useEffect(() => {
    if (choosing) firstChoice.current?.focus();
  }, [choosing]);

  const go = (chosen: MapApp) => {
    pending.current?.cancel();
    try {
      pending.current = handOffToMapApp(chosen, point);
    } catch (error) {
      console.error('Could not hand this stop to the navigation app', error);
    }
  };

  if (choosing) {
    return (
      <div className="navigate-choice" role="group" aria-label={t('drive.chooseApp')}>
        <p className="navigate-choice__title">{t('drive.chooseApp')}</p>
        {MAP_APPS.map((option, index) => (
          <button
            key={option}
            ref={index === 0 ? firstChoice : undefined}
            type="button"
            className="button"
            onClick={() => {
              choose(option);
              setChoosing(false);
              go(option);
            }}
          >
            {APP_NAMES[option]}
          </button>
        ))}
      </div>
    );
  }
  const action = app ? t('drive.navigateWith', { app: APP_NAMES[app] }) : t('drive.navigate');
  return (
    <button
      type="button"
      className={`button ${large ? 'button--primary driver__navigate--large' : 'button--small'}`}
      aria-label={t('drive.actionOn', { action, name })}
      onClick={() => (app ? go(app) : setChoosing(true))}
    >
      {action}
    </button>
  );
}

/** The app this phone uses, and the way to pick another. */
export function NavigationAppSetting() {
  const { t } = useTranslation();
  const [app, choose] = useMapAppChoice();
  return (
    <label className="driver__app-setting">
      {t('drive.appSetting')}{' '}
      <select
        className="form-input"
        value={app ?? ''}
        onChange={(event) => {
          const chosen = MAP_APPS.find((option) => option === event.target.value);
          if (chosen) choose(chosen);
        }}
      >
        <option value="" disabled>
          {t('drive.appNotChosen')}
        </option>
        {MAP_APPS.map((option) => (
          <option key={option} value={option}>
            {APP_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
