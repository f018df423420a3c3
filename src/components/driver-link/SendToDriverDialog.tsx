import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { QrCode } from './QrCode';
import { useDriverLinks, type DriverLinkState, type DriverRoute } from './use-driver-links';
import './send-to-driver.css';

export interface SendToDriverDialogProps {
  /** One route, or every driver's route of a day. */
  routes: readonly DriverRoute[];
  onClose: () => void;
}

const FAILED_TEXT = {
  read: 'driverLink.readFailed',
  create: 'driverLink.createFailed',
  revoke: 'driverLink.revokeFailed',
} as const;

function LinkRow({
  route,
  state,
  showTitle,
  onCreate,
  onRetryRead,
  onCopy,
  onRevoke,
}: {
  route: DriverRoute;
  state: DriverLinkState;
  showTitle: boolean;
  onCreate: () => void;
  onRetryRead: () => void;
  onCopy: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const url = state.kind === 'ready' || state.kind === 'revoking' ? state.url : null;
  return (
    <li className="driver-link">
      {showTitle ? <h3 className="driver-link__title">{route.title}</h3> : null}
      {url ? (
        <>
          <label className="dialog__field" htmlFor={inputId}>
            {t('driverLink.linkLabel', { title: route.title })}
          </label>
          <input
            id={inputId}
            className="dialog__input"
            type="url"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
          />
          <QrCode text={url} label={t('driverLink.qrLabel', { title: route.title })} />
          <div className="driver-link__actions">
            <button type="button" className="button button--small" onClick={onCopy}>
              {t('common.copy')}
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={state.kind === 'revoking'}
              onClick={onRevoke}
            >
              {state.kind === 'revoking' ? t('driverLink.revoking') : t('driverLink.revoke')}
            </button>
          </div>
        </>
      ) : null}
      {state.kind === 'none' ? (
        <button
          type="button"
          className={`button${showTitle ? ' button--small' : ' button--primary button--block'}`}
          onClick={onCreate}
        >
          {t('driverLink.create')}
        </button>
      ) : null}
      <p className="driver-link__status" role="status">
        {state.kind === 'loading' ? t('driverLink.loading') : null}
        {state.kind === 'creating' ? t('driverLink.creating') : null}
        {state.kind === 'ready' && state.copied ? t('driverLink.copied') : null}
        {state.kind === 'revoked' ? t('driverLink.revoked') : null}
      </p>
      {state.kind === 'failed' ? (
        <p className="driver-link__error" role="alert">
          {t(FAILED_TEXT[state.action])}{' '}
          {state.action === 'revoke' ? null : (
            <button
              type="button"
              className="button button--small"
              onClick={state.action === 'read' ? onRetryRead : onCreate}
            >
              {t('common.retry')}
            </button>
          )}
        </p>
      ) : null}
    </li>
  );
}

/**
 * "Send to driver": makes the driver link of a route (or of every driver of a day), shown with a
 * copy button and as a QR code, and revokes it. Whoever holds a driver link can report on that
 * route's stops and nothing else; making a new one stops the route's earlier link.
 */
export function SendToDriverDialog({ routes, onClose }: SendToDriverDialogProps) {
  const { t } = useTranslation();
  const links = useDriverLinks(routes);
  const several = routes.length > 1;
  return (
    <Dialog
      title={several ? t('driverLink.titleDay', { count: routes.length }) : t('driverLink.title')}
      description={
        <>
          <p>
            {several
              ? t('driverLink.helpDay')
              : t('driverLink.help', { title: routes[0]?.title ?? '' })}
          </p>
          <p>{t('driverLink.replaces')}</p>
        </>
      }
      onCancel={onClose}
      className="send-to-driver"
    >
      {several && links.missing > 1 ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={links.busy}
          onClick={() => void links.createAll()}
        >
          {t('driverLink.createDay', { count: links.missing })}
        </button>
      ) : null}
      <ul className="driver-links">
        {routes.map((route) => (
          <LinkRow
            key={route.id}
            route={route}
            state={links.stateOf(route.id)}
            showTitle={several}
            onCreate={() => void links.createOne(route.id)}
            onRetryRead={() => void links.retryRead(route.id)}
            onCopy={() => void links.copy(route.id)}
            onRevoke={() => void links.revoke(route.id)}
          />
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
