import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { ItinerarySummary } from '@/lib/itineraries';
import { useFormatDistance } from '@/lib/units';
import { isCardBodyClick, routeCardFacts } from '../model/route-card';

export interface RouteCardProps {
  itinerary: ItinerarySummary;
  /** This card's share request is running. */
  sharing: boolean;
  /** A delete of this card was confirmed and is running. */
  deleting: boolean;
  /** This card's copy is being made. */
  duplicating?: boolean;
  onDuplicate?: (itinerary: ItinerarySummary) => void;
  onDelete: (itinerary: ItinerarySummary) => void;
  onShare: (itinerary: ItinerarySummary) => void;
  onRevoke: (itinerary: ItinerarySummary) => void;
  /** Opens "Send to driver" (the route's driver link). */
  onSendToDriver?: (itinerary: ItinerarySummary) => void;
  /** The card's title level: 3 inside a day's group (under its heading). */
  headingLevel?: 2 | 3;
  /** Lines of the card's own below its facts (the route's progress on the road). */
  children?: ReactNode;
}

/** One saved route on My Routes. The card body opens the route for editing; its title does the same for keyboards. */
export function RouteCard({
  itinerary,
  sharing,
  deleting,
  duplicating = false,
  onDuplicate,
  onDelete,
  onShare,
  onRevoke,
  onSendToDriver,
  headingLevel = 2,
  children,
}: RouteCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const facts = routeCardFacts(itinerary, i18n.language, useFormatDistance());
  const unknown = t('dashboard.unknown');
  const titleId = `route-card-title-${itinerary.id}`;

  const openOnBodyClick = (event: MouseEvent<HTMLElement>) => {
    if (!isCardBodyClick(event.target, event.currentTarget)) return;
    // Selecting text on the card is not a request to open it.
    if (window.getSelection()?.toString()) return;
    void navigate(paths.editRoute(itinerary.id));
  };

  return (
    // The whole card opens the route for a mouse or a finger; the title link does it from
    // the keyboard, so the card itself needs no key handler or role.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      className={`route-card${deleting ? ' route-card--deleting' : ''}`}
      aria-labelledby={titleId}
      aria-busy={deleting || undefined}
      onClick={openOnBodyClick}
    >
      <header className="route-card__header">
        <Heading id={titleId} className="route-card__title">
          <Link to={paths.editRoute(itinerary.id)}>{itinerary.title}</Link>
        </Heading>
        <button
          type="button"
          className="route-card__delete"
          aria-label={t('dashboard.deleteRoute', { title: itinerary.title })}
          title={t('dashboard.deleteRoute', { title: itinerary.title })}
          disabled={deleting}
          onClick={() => onDelete(itinerary)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <p className="route-card__meta">
        <span data-testid="card-stops">{t('dashboard.stops', { count: facts.stopCount })}</span>
        <span aria-hidden="true"> · </span>
        <span className="visually-hidden">, {t('dashboard.created')}: </span>
        <span data-testid="card-created">
          {facts.created ? <time dateTime={itinerary.created_at}>{facts.created}</time> : unknown}
        </span>
      </p>

      <dl className="route-card__facts">
        <div>
          <dt>{t('dashboard.distance')}</dt>
          <dd data-testid="card-distance">{facts.distance ?? unknown}</dd>
        </div>
        <div>
          <dt>{t('dashboard.duration')}</dt>
          <dd data-testid="card-duration">{facts.duration ?? unknown}</dd>
        </div>
      </dl>

      {children}

      <div className="route-card__actions">
        <Link
          className="button button--primary button--small route-card__start"
          to={paths.wazeRoute(itinerary.id)}
          aria-describedby={titleId}
        >
          {t('dashboard.startWaze')}
        </Link>
        <button
          type="button"
          className="button button--small"
          aria-describedby={titleId}
          disabled={sharing}
          aria-busy={sharing}
          onClick={() => onShare(itinerary)}
        >
          {sharing ? t('dashboard.sharing') : t('dashboard.share')}
        </button>
        {onSendToDriver ? (
          <button
            type="button"
            className="button button--small"
            aria-describedby={titleId}
            onClick={() => onSendToDriver(itinerary)}
          >
            {t('driverLink.send')}
          </button>
        ) : null}
        {onDuplicate ? (
          <button
            type="button"
            className="button button--small"
            aria-describedby={titleId}
            disabled={duplicating}
            aria-busy={duplicating}
            onClick={() => onDuplicate(itinerary)}
          >
            {duplicating ? t('dashboard.duplicating') : t('dashboard.duplicate')}
          </button>
        ) : null}
        {itinerary.shared === false ? null : (
          <button
            type="button"
            className="button button--small route-card__revoke"
            aria-describedby={titleId}
            onClick={() => onRevoke(itinerary)}
          >
            {t('dashboard.revoke')}
          </button>
        )}
      </div>
    </article>
  );
}
