/**
 * Google Identity Services (GIS): the script Google serves for "Sign in with
 * Google". It hands the page an ID token, which the identity provider exchanges
 * for a Supabase session. Loaded on demand, only where the button is shown.
 */

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** The part of GIS's callback answer the product reads. */
export interface GoogleCredentialResponse {
  /** The ID token (a JWT); missing when Google could not sign the user in. */
  credential?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  context?: 'signin' | 'signup' | 'use';
  ux_mode?: 'popup' | 'redirect';
  cancel_on_tap_outside?: boolean;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

/** `google.accounts.id`, as far as this product uses it. */
export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

export interface GoogleWindow {
  google?: { accounts?: { id?: GoogleAccountsId } };
}

const accountsIdOf = (target: GoogleWindow) => target.google?.accounts?.id;

/**
 * A loader that adds the script at most once per document and shares one
 * promise between callers; after a failed load (offline, blocked) the next call
 * tries again with a fresh script element.
 */
export function createGoogleIdentityLoader(
  doc: Document = document,
  target: GoogleWindow = window as GoogleWindow,
): () => Promise<GoogleAccountsId> {
  let pending: Promise<GoogleAccountsId> | null = null;

  return function load() {
    const ready = accountsIdOf(target);
    if (ready) return Promise.resolve(ready);
    if (pending) return pending;

    pending = new Promise<GoogleAccountsId>((resolve, reject) => {
      const script = doc.createElement('script');
      const fail = (message: string) => {
        pending = null;
        script.remove();
        reject(new Error(message));
      };
      script.src = GOOGLE_IDENTITY_SCRIPT_URL;
      script.async = true;
      script.defer = true;
      script.addEventListener('load', () => {
        const loaded = accountsIdOf(target);
        if (loaded) resolve(loaded);
        else fail('The Google Identity Services script loaded without google.accounts.id');
      });
      script.addEventListener('error', () =>
        fail('The Google Identity Services script could not be loaded'),
      );
      doc.head.appendChild(script);
    });
    return pending;
  };
}

export const loadGoogleIdentity = createGoogleIdentityLoader();
