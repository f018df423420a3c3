/**
 * Texts the product composes for the user from data (auto titles, the name of an unnamed
 * point), in the six interface languages. One source for the SPA (through @domain) and the
 * `api` function, which uses the language the request names (Accept-Language or an explicit
 * field) and English when it names none.
 */

export const TEXT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

interface ComposedTexts {
  /** the title of a route without stops */
  newRoute: string;
  /** one stop: "Trip to Lyon" */
  tripTo: (place: string) => string;
  /** the first and the last stop: "Paris to Lyon" */
  fromTo: (from: string, to: string) => string;
  /** a point without an address: "Location 48.8584, 2.2945" */
  location: (lat: string, lng: string) => string;
}

export const COMPOSED_TEXTS: Record<TextLanguage, ComposedTexts> = {
  en: {
    newRoute: 'New Route',
    tripTo: (place) => `Trip to ${place}`,
    fromTo: (from, to) => `${from} to ${to}`,
    location: (lat, lng) => `Location ${lat}, ${lng}`,
  },
  es: {
    newRoute: 'Nueva ruta',
    tripTo: (place) => `Viaje a ${place}`,
    fromTo: (from, to) => `De ${from} a ${to}`,
    location: (lat, lng) => `Ubicación ${lat}, ${lng}`,
  },
  fr: {
    newRoute: 'Nouvel itinéraire',
    tripTo: (place) => `Voyage à ${place}`,
    fromTo: (from, to) => `De ${from} à ${to}`,
    location: (lat, lng) => `Position ${lat}, ${lng}`,
  },
  de: {
    newRoute: 'Neue Route',
    tripTo: (place) => `Fahrt nach ${place}`,
    fromTo: (from, to) => `${from} nach ${to}`,
    location: (lat, lng) => `Standort ${lat}, ${lng}`,
  },
  it: {
    newRoute: 'Nuovo percorso',
    tripTo: (place) => `Viaggio a ${place}`,
    fromTo: (from, to) => `Da ${from} a ${to}`,
    location: (lat, lng) => `Posizione ${lat}, ${lng}`,
  },
  pt: {
    newRoute: 'Nova rota',
    tripTo: (place) => `Viagem para ${place}`,
    fromTo: (from, to) => `De ${from} para ${to}`,
    location: (lat, lng) => `Localização ${lat}, ${lng}`,
  },
};

/** The text language of a language tag ('pt-BR' → 'pt'); English for anything else. */
export function textLanguage(tag: string | null | undefined): TextLanguage {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return (TEXT_LANGUAGES as readonly string[]).includes(primary ?? '')
    ? (primary as TextLanguage)
    : 'en';
}

/**
 * The text language an Accept-Language header asks for: the supported language with the
 * highest weight (the first of equal ones); English when none is supported, the header is
 * absent or asks for anything (`*`).
 */
export function acceptedTextLanguage(header: string | null | undefined): TextLanguage {
  if (!header) return 'en';
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(range.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split('-')[0].toLowerCase();
    if ((TEXT_LANGUAGES as readonly string[]).includes(primary)) return primary as TextLanguage;
  }
  return 'en';
}
