// `npm start` on a fresh database for the end-to-end run (LOCAL_DATA_DIR is wiped first).
import { rm } from 'node:fs/promises';
import { readSettings } from '../../supabase/local/settings.mjs';

const { dataDir, databaseUrl } = readSettings();
if (!databaseUrl) await rm(dataDir, { recursive: true, force: true });
await import('../../supabase/local/start.mjs');
