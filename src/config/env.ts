import { parseEnv, type AppEnv } from './env-schema';

export type { AppEnv } from './env-schema';

/** The validated configuration; importing this fails fast with a clear message when it is broken. */
export const env: AppEnv = parseEnv(import.meta.env);
