// The `api` Edge Function: one router for the whole /api contract.
import { ConfigError, readConfig } from '../_shared/config.ts';
import { createApp, createServices } from './app.ts';

let config;
try {
  config = readConfig(Deno.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One clear message naming each variable, no stack trace; the function does not start.
  console.error(`api: ${error.message}`);
  Deno.exit(1);
}

const app = createApp(createServices(config));

Deno.serve(app.fetch);
