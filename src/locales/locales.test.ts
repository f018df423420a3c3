import { describe, expect, it } from 'vitest';

/**
 * Every language has exactly the English keys, the same {{variables}} per key, and no
 * English left behind (a missing key would show English, or the raw key, to a user).
 */

type Tree = { [key: string]: string | Tree };

const LANGUAGES = ['es', 'fr', 'de', 'it', 'pt'] as const;
const files = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });
const pageFiles = import.meta.glob<{ default: Tree }>('./pages/*.json', { eager: true });

/** A language's texts as the app holds them: its main file and its page texts, section by section. */
function textsOf(language: string): Tree {
  const main = files[`./${language}.json`]?.default ?? {};
  const pages = pageFiles[`./pages/${language}.json`]?.default ?? {};
  const names = new Set([...Object.keys(main), ...Object.keys(pages)]);
  return Object.fromEntries(
    [...names].map((name) => [name, { ...(main[name] as Tree), ...(pages[name] as Tree) }]),
  );
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).sort();

/**
 * Values that may equal the English text in some language: names, and words that
 * really are the same there. Keep this list short.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([]);

const english = flatten(textsOf('en'));

describe('translations', () => {
  it('exist for the six product languages', () => {
    expect(Object.keys(files).sort()).toEqual([
      './de.json',
      './en.json',
      './es.json',
      './fr.json',
      './it.json',
      './pt.json',
    ]);
    expect(Object.keys(pageFiles).sort()).toEqual(
      ['de', 'en', 'es', 'fr', 'it', 'pt'].map((code) => `./pages/${code}.json`),
    );
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const translated = flatten(textsOf(language));

    it('has exactly the English keys', () => {
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps the {{variables}} of every text', () => {
      const mismatched = [...english]
        .filter(
          ([key, text]) =>
            translated.has(key) &&
            variables(text).join() !== variables(translated.get(key)!).join(),
        )
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it('has no empty texts', () => {
      expect([...translated].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual(
        [],
      );
    });

    it('leaves no English sentence untranslated', () => {
      const untranslated = [...english]
        .filter(
          ([key, text]) => text.trim().split(/\s+/).length > 3 && translated.get(key) === text,
        )
        .map(([key]) => key)
        .filter((key) => !SAME_AS_ENGLISH_ALLOWED.has(key));
      expect(untranslated).toEqual([]);
    });
  });
});
