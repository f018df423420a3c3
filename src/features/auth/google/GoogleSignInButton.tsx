import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadGoogleIdentity as defaultLoader, type GoogleAccountsId } from './google-identity';
import './google-button.css';

/** GIS draws buttons between 200 and 400 px wide. */
const MIN_WIDTH = 200;
const MAX_WIDTH = 400;

export interface GoogleSignInButtonProps {
  /** The deployment's Google client id (VITE_GOOGLE_CLIENT_ID); undefined when not configured. */
  clientId: string | undefined;
  /** 'signin' on /login, 'signup' on /register: the wording of Google's button. */
  mode: 'signin' | 'signup';
  /** Called with Google's ID token, or undefined when Google answered without one. */
  onCredential: (idToken: string | undefined) => void;
  /** Replaces the script loader in tests. */
  loadGoogleIdentity?: () => Promise<GoogleAccountsId>;
}

type ButtonState = 'loading' | 'ready' | 'unavailable';

/**
 * "Sign in with Google", drawn by Google's own script. A deployment without a configured client
 * id (VITE_GOOGLE_CLIENT_ID) shows nothing: its visitors cannot use Google, and a disabled
 * button saying why is for the operator, whom the deployment docs tell. The script is only
 * fetched when this button is on the page and a client id is set.
 */
export function GoogleSignInButton({
  clientId,
  mode,
  onCredential,
  loadGoogleIdentity = defaultLoader,
}: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  // The state of the button drawn for these settings; any other settings are still loading.
  const drawKey = `${clientId}|${mode}|${i18n.language}`;
  const [drawn, setDrawn] = useState<{ key: string; state: ButtonState }>({
    key: '',
    state: 'loading',
  });
  const state = drawn.key === drawKey ? drawn.state : 'loading';

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleIdentity()
      .then((accountsId) => {
        const parent = container.current;
        if (!active || !parent) return;
        accountsId.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential || undefined),
          context: mode === 'signup' ? 'signup' : 'signin',
          ux_mode: 'popup',
        });
        parent.replaceChildren();
        // The host is hidden until drawn, so the always-visible slot gives the width.
        const available = slot.current?.clientWidth || MAX_WIDTH;
        const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, available)));
        accountsId.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          logo_alignment: 'center',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          width,
          locale: i18n.language,
        });
        setDrawn({ key: drawKey, state: 'ready' });
      })
      .catch((error: unknown) => {
        console.error('Google sign-in could not start', error);
        if (active) setDrawn({ key: drawKey, state: 'unavailable' });
      });
    return () => {
      active = false;
    };
  }, [clientId, mode, i18n.language, drawKey, loadGoogleIdentity]);

  if (!clientId) return null;

  return (
    <div ref={slot} className="google-button__slot">
      <div
        ref={container}
        className="google-button__host"
        data-testid="google-button-host"
        hidden={state !== 'ready'}
      />
      {state === 'loading' ? (
        <button
          type="button"
          className="button button--block google-button"
          disabled
          aria-busy="true"
        >
          <GoogleMark />
          {t('auth.google.loading')}
        </button>
      ) : null}
      {state === 'unavailable' ? (
        <button type="button" className="button button--block google-button" disabled>
          <GoogleMark />
          {t('auth.google.unavailable')}
        </button>
      ) : null}
    </div>
  );
}

/** Google's "G", for the placeholder states (the live button draws its own). */
function GoogleMark() {
  return (
    <svg
      className="google-button__mark"
      viewBox="0 0 48 48"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
