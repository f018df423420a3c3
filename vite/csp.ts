/**
 * Content-Security-Policy for the SPA, as a <meta http-equiv> injected into index.html
 * at build and in dev, allowing only what the app uses:
 *
 * - scripts: this origin only. The dev server's inline React Refresh preamble is allowed
 *   by its hash (never 'unsafe-inline'); no 'unsafe-eval' in either mode.
 * - styles: this origin plus 'unsafe-inline': Leaflet positions tiles, markers and
 *   popups with inline style attributes, Vite injects CSS as <style> elements in dev, and the
 *   build inlines the app's stylesheet and the prerendered pages' styles in their HTML files
 *   (vite/startup.ts). Inline styles cannot run code; scripts stay locked down.
 * - images: this origin, data:/blob: (Leaflet and the bundle's icons), the tile
 *   server's origin from VITE_TILE_URL (a {s} subdomain becomes a wildcard) and
 *   VITE_SUPABASE_URL's (signed Storage links to drivers' photos and signatures).
 * - connections: this origin (/api, and /auth/v1 + /rest/v1 through the same origin
 *   by default) and VITE_SUPABASE_URL / VITE_API_URL when they name another origin;
 *   in dev also the HMR websocket.
 * - Google Identity Services origins only when VITE_GOOGLE_CLIENT_ID is set.
 * - no plugins, no <base> elsewhere, forms post only here, no framing of other sites.
 *
 * A <meta> policy cannot set frame-ancestors (clickjacking): the static host should
 * also send `Content-Security-Policy: frame-ancestors 'none'` as a header (the README's deploy steps).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

export interface CspInput {
  tileUrl?: string;
  supabaseUrl?: string;
  apiUrl?: string;
  googleClientId?: string;
  /** the dev server: allows its HMR websocket */
  dev?: boolean;
  /** sha256 sources of inline scripts present in the page */
  inlineScriptHashes?: string[];
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** The scheme and host of an absolute URL or URL template; placeholders in the host become a wildcard label. */
export function originOf(url: string | undefined): string | null {
  const match = /^(https?|wss?):\/\/([^/?#]+)/i.exec(url?.trim() ?? '');
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  if (!/^(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/.test(host) && !/^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host))
    return null;
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

export function buildCsp(input: CspInput): string {
  const google = Boolean(input.googleClientId?.trim());
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique([
      "'self'",
      ...(input.inlineScriptHashes ?? []),
      google ? `${GOOGLE_GSI}client` : null,
    ]),
    'style-src': unique(["'self'", "'unsafe-inline'", google ? `${GOOGLE_GSI}style` : null]),
    // Supabase's origin: drivers' photos and signatures are signed Storage links there.
    'img-src': unique([
      "'self'",
      'data:',
      'blob:',
      originOf(input.tileUrl || DEFAULT_TILE_URL),
      originOf(input.supabaseUrl),
    ]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique([
      "'self'",
      originOf(input.supabaseUrl),
      originOf(input.apiUrl),
      google ? GOOGLE_GSI : null,
      ...(input.dev ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : []),
    ]),
    'frame-src': google ? [GOOGLE_GSI] : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** sha256 CSP sources of the inline <script> elements of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (match[1].trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(): Plugin {
  let env: Record<string, string | undefined> = {};
  let dev = false;
  return {
    name: 'route-planner:content-security-policy',
    configResolved(config) {
      env = { ...config.env };
      dev = config.command === 'serve';
    },
    transformIndexHtml: {
      // After every other plugin, so the inline scripts they add are hashed.
      order: 'post',
      handler(html) {
        const policy = buildCsp({
          tileUrl: env.VITE_TILE_URL,
          supabaseUrl: env.VITE_SUPABASE_URL,
          apiUrl: env.VITE_API_URL,
          googleClientId: env.VITE_GOOGLE_CLIENT_ID,
          dev,
          inlineScriptHashes: inlineScriptHashes(html),
        });
        // First in <head>, right after <meta charset> (which must stay in the first
        // 1024 bytes), so the policy governs every script and style after it.
        const metas =
          `\n    <meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('"', '&quot;')}" />` +
          '\n    <meta name="referrer" content="strict-origin-when-cross-origin" />';
        const charset = /\s*<meta\s+charset=[^>]*>/i.exec(html)?.[0] ?? '';
        return html
          .replace(charset, '')
          .replace(
            /<head[^>]*>/i,
            (head) => `${head}${charset ? `\n    ${charset.trim()}` : ''}${metas}`,
          );
      },
    },
  };
}
