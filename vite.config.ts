import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from './vite/csp.ts';
import { pwa } from './vite/pwa.ts';
import { startup } from './vite/startup.ts';

/** Where the local gateway (Auth, REST, Edge Functions) listens; see supabase/local. */
const gatewayUrl = process.env.SUPABASE_LOCAL_URL ?? 'http://127.0.0.1:54321';

/** Dev server and preview alike: the /api contract is served at the SPA's own origin. */
const localServer = {
  port: Number(process.env.PORT ?? 5173),
  strictPort: true,
  host: '127.0.0.1',
  proxy: {
    '/api': { target: gatewayUrl, rewrite: (path: string) => `/functions/v1${path}` },
    '/auth/v1': { target: gatewayUrl },
    '/rest/v1': { target: gatewayUrl },
    // Drivers' photos and signatures: the api's signed links name this origin.
    '/storage/v1': { target: gatewayUrl },
  },
};

export default defineConfig(() => ({
  // startup() before contentSecurityPolicy(), which hashes the inline script it adds.
  plugins: [react(), pwa(), startup(), contentSecurityPolicy()],
  resolve: {
    alias: [
      // Pure domain logic shared with the `api` Edge Function (one source of truth).
      {
        find: '@domain',
        replacement: fileURLToPath(new URL('./supabase/functions/_shared/domain', import.meta.url)),
      },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: localServer,
  preview: localServer,
}));
