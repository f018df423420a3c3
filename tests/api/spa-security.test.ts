// The SPA's share of the security work: no secret reaches the bundle, the
// Content-Security-Policy allows only what the app uses, and React is never asked to
// inject raw HTML.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localKeys } from '../../supabase/local/settings.mjs';
import { buildCsp, inlineScriptHashes, originOf } from '../../vite/csp';

const root = path.resolve(import.meta.dirname, '../..');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

describe('the production bundle', () => {
  let outDir: string;
  let html: string;
  let scripts: { file: string; text: string }[];

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'route-planner-bundle-'));
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/vite'),
      ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 240_000,
        env: {
          ...process.env,
          VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
          VITE_SUPABASE_ANON_KEY: localKeys.publishableKey,
          VITE_SUPABASE_URL: 'https://project-ref.supabase.co',
          VITE_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        },
      },
    );
    if (result.status !== 0) throw new Error(`vite build failed: ${result.stderr}${result.stdout}`);
    html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const files = (await filesUnder(outDir)).filter((file) => /\.(m?js|html|json|map)$/.test(file));
    scripts = await Promise.all(
      files.map(async (file) => ({
        file: path.relative(outDir, file),
        text: await readFile(file, 'utf8'),
      })),
    );
  }, 300_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('contains no secret key, no JWT secret and no service_role', () => {
    expect(scripts.length).toBeGreaterThan(1);
    for (const secret of [
      localKeys.secretKey,
      localKeys.jwtSecret,
      'service_role',
      'SUPABASE_SERVICE_ROLE_KEY',
    ]) {
      expect(
        scripts.filter((script) => script.text.includes(secret)).map((script) => script.file),
        secret,
      ).toEqual([]);
    }
    // Any secret key at all (supabase-js itself carries the bare prefix, to recognise key formats).
    const secretKey = /sb_secret_[A-Za-z0-9_-]{8,}/;
    expect(
      scripts
        .filter((script) => secretKey.test(script.text))
        .map((script) => `${script.file}: ${secretKey.exec(script.text)![0]}`),
    ).toEqual([]);
    // The public key is expected (it is public by design).
    expect(scripts.some((script) => script.text.includes(localKeys.publishableKey))).toBe(true);
  });

  it('carries the Content-Security-Policy and the referrer policy first in <head>', () => {
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(head)?.[1];
    expect(csp).toBeTruthy();
    expect(head.indexOf('Content-Security-Policy')).toBeLessThan(
      head.search(/<script|<link rel="stylesheet"/),
    );
    expect(head).toContain('<meta name="referrer" content="strict-origin-when-cross-origin" />');
    const directives = Object.fromEntries(
      csp!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    // Scripts from this origin, and inline scripts only by the hash of their exact text.
    expect(directives['script-src']).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(directives['img-src']).toContain('https://*.tiles.example.org');
    // Signed Storage links to drivers' photos and signatures.
    expect(directives['img-src']).toContain('https://project-ref.supabase.co');
    expect(directives['connect-src']).toEqual(["'self'", 'https://project-ref.supabase.co']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|accounts\.google\.com|ws:/);
    expect(directives['script-src'].join(' ')).not.toContain('unsafe-inline');
  });
});

describe('the Content-Security-Policy builder', () => {
  it('derives origins from the configuration', () => {
    expect(originOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(originOf('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.com:8443',
    );
    expect(originOf('/api')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf("https://evil.example; script-src 'unsafe-inline'")).toBeNull();
  });

  it('allows Google Identity Services only when a client id is configured', () => {
    expect(buildCsp({})).not.toContain('accounts.google.com');
    const withGoogle = buildCsp({ googleClientId: '123.apps.googleusercontent.com' });
    expect(withGoogle).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(withGoogle).toContain('frame-src https://accounts.google.com/gsi/');
  });

  it('opens the HMR websocket in dev only, and never allows eval or inline scripts', () => {
    expect(buildCsp({ dev: true })).toContain('ws://localhost:*');
    expect(buildCsp({ dev: false })).not.toContain('ws:');
    for (const dev of [true, false]) {
      const scriptSrc = /script-src ([^;]+)/.exec(
        buildCsp({ dev, inlineScriptHashes: ["'sha256-abc='"] }),
      )![1];
      expect(scriptSrc).not.toMatch(/unsafe-(eval|inline)/);
    }
  });
});

describe('the SPA source', () => {
  it('never uses dangerouslySetInnerHTML', async () => {
    const files = (await filesUnder(path.join(root, 'src'))).filter((file) =>
      /\.(tsx?|jsx?)$/.test(file),
    );
    const offenders: string[] = [];
    for (const file of files)
      if ((await readFile(file, 'utf8')).includes('dangerouslySetInnerHTML'))
        offenders.push(path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
