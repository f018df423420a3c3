import { paths } from '@/config/paths';

/**
 * The texts a visit starts with: the landing page its core texts only (the app shell's and its
 * own), any other first page every text (it is lazily loaded and waits for every text anyway:
 * the core texts first would be a download and a wait more). The inline script of the page
 * preloads them (src/app/start-up/head-script.ts), the app loads them (src/lib/i18n.ts).
 */
export const startsWithEveryText = (pathname: string): boolean => pathname !== paths.landing();
