/**
 * A stop's note as the driver reads it: phone numbers to tap (`tel:`) and e-mail addresses to
 * write to (`mailto:`), the rest as written. Pure.
 *
 * Phone numbers are found by their shape, not by a numbering plan: 7 to 15 digits (E.164's
 * longest), an optional "+" in front, one space, dot, dash or slash between groups, a group
 * may be in brackets ("+33 6 12 34 56 78", "(555) 123-4567", "06.12.34.56.78"). A dialler takes
 * a national number as written, so no country is needed (libphonenumber-js, which checks
 * numbering plans, finds national numbers only for a country given beforehand, and a note has
 * none). Door codes ("4821"), times ("09:00-12:00") and dates ("2026-03-02", "02/03/2026") stay
 * text.
 */
export type NotePart =
  | { kind: 'text'; text: string }
  | { kind: 'phone'; text: string; href: string }
  | { kind: 'email'; text: string; href: string };

/** An e-mail address, or a run of digits and what may separate them. */
const CANDIDATE =
  /([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})|(\+?\(?\d[\d \u00a0./()-]*\d\)?)/g;
const GROUP = String.raw`(?:\(\d+\)|\d+)`;
const PHONE = new RegExp(String.raw`^\+?${GROUP}(?:[ \u00a0./-]?${GROUP})*$`);
const DATE = /^(?:\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;
/** Two separators or more in a row: where one number ends and another begins ("… / …"). */
const BETWEEN_NUMBERS = /([ \u00a0./-]{2,})/;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;

/** A letter or digit: a number or an address right beside one is part of a longer word. */
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

function phoneHref(text: string): string | null {
  if (!PHONE.test(text) || DATE.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

/** A run of digits: the numbers in it, and the text between them. */
function phoneParts(run: string): NotePart[] {
  return run
    .split(BETWEEN_NUMBERS)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const href = phoneHref(piece);
      return href ? { kind: 'phone', text: piece, href } : { kind: 'text', text: piece };
    });
}

/** The note in parts: text, phone numbers and e-mail addresses, in order; joined, the note. */
export function noteParts(note: string): NotePart[] {
  const parts: NotePart[] = [];
  const addText = (text: string) => {
    if (text === '') return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let end = 0;
  for (const match of note.matchAll(CANDIDATE)) {
    const [found, email] = match;
    const start = match.index;
    addText(note.slice(end, start));
    end = start + found.length;
    const inWord = isWordChar(note[start - 1]) || isWordChar(note[end]);
    const foundParts: NotePart[] = inWord
      ? [{ kind: 'text', text: found }]
      : email
        ? [{ kind: 'email', text: email, href: `mailto:${email}` }]
        : phoneParts(found);
    for (const part of foundParts) {
      if (part.kind === 'text') addText(part.text);
      else parts.push(part);
    }
  }
  addText(note.slice(end));
  return parts;
}
