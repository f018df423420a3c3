/**
 * What the build hands over between its steps (vite/startup.ts): the pages src/app/prerender.tsx
 * renders, and the data bundled into the inline scripts of the HTML files. Types only, without
 * imports: the build plugins (tsconfig.node.json) read them too.
 */

/** The built files the head script may preload, by what the visit needs (vite/startup.ts). */
export interface StartupFiles {
  /** The language of the pages rendered at build time, and the one of a visit without another. */
  language: string;
  /** Each language's core texts (what the landing page starts with). */
  coreTexts: Record<string, string[]>;
  /** Each language's every text (what any other page starts with). */
  everyText: Record<string, string[]>;
  /** Each language's page texts (what the pages that show texts of their own add). */
  pageTexts: Record<string, string[]>;
  /** The lazily loaded pages: their address (a regular expression's source) and files. */
  pages: { path: string; files: string[] }[];
  /** The Auth client (supabase-js), wanted when a session is stored. */
  auth: string[];
}

/** The page the build rendered into an HTML file (src/app/prerender.tsx). */
export interface PrerenderedPage {
  /** The address it shows. */
  path: string;
  language: string;
}

/** A page rendered at build time, with the file it goes into and its markup. */
export interface RenderedPage extends PrerenderedPage {
  file: string;
  /** The markup of #root. */
  html: string;
  /** What React wrote for <head> (preloads). */
  head: string;
}
