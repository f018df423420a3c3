import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteLeg } from '@domain/geo.ts';
import type { Stop } from '@domain/stops.ts';
import { LazyPart, retryableLazy } from '@/components/lazy-part';
import type { WaypointTimes } from '@/lib/export';
import type { ExportPanelProps } from './ExportPanel';
import '@/components/forms.css';
import './ExportMenu.css';

export interface ExportMenuProps {
  /** The title to write (the auto title when the user left it blank). */
  title: string;
  stops: readonly Pick<Stop, 'name' | 'lat' | 'lng' | 'note' | 'load'>[];
  /** The calculated route, when there is one: its line becomes the GPX track. */
  legs?: readonly Pick<RouteLeg, 'coordinates'>[];
  /** The route's length (metres, seconds) when known: a line of the copied stop list. */
  totals?: { distance: number; duration: number } | null;
  /**
   * Each stop's planned times when the route has a working day (in the stops' order): the GPX
   * keeps them in each waypoint's description and time. The other exports are unchanged.
   */
  times?: readonly (WaypointTimes | null)[] | null;
  /**
   * The IANA zone the GPX writes `times` in: the one the page shows them in (the planner: the
   * plan's zone). Default: the device's.
   */
  timeZone?: string;
}

// What the menu shows (the GPX writer, the map links, the list) loads when it is first opened:
// about 2.5 KB gzipped that most visits to the planner, a shared route or a drive never use.
const panel = retryableLazy<ExportPanelProps>(
  async () => (await import('./ExportPanel')).ExportPanel,
);

/**
 * Everything that takes the route elsewhere (ExportPanel). A disclosure, so it stays out of the
 * way until asked for.
 */
export function ExportMenu(props: ExportMenuProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // Once loaded, the panel stays while closed (hidden), as the user left it.
  const [opened, setOpened] = useState(false);
  return (
    <div className="export-menu">
      <button
        type="button"
        className="button button--block"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
          setOpened(true);
        }}
      >
        {t('exportRoute.open')}
      </button>
      <div
        id={panelId}
        className="export-menu__panel"
        hidden={!open}
        role="group"
        aria-label={t('exportRoute.heading')}
      >
        {opened ? <LazyPart part={panel} props={{ ...props, open }} /> : null}
      </div>
    </div>
  );
}
