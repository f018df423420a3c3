// The `api` Edge Function: one router for the whole /api contract.
import { readConfig } from '../_shared/config.ts';
import { createApp, createServices } from './app.ts';

const app = createApp(createServices(readConfig(Deno.env)));

Deno.serve(app.fetch);
