import { describe, expect, it } from 'vitest';
import { noteParts, type NotePart } from './note-links';

const links = (note: string) =>
  noteParts(note)
    .filter((part): part is Exclude<NotePart, { kind: 'text' }> => part.kind !== 'text')
    .map(({ text, href }) => [text, href]);

describe('a note’s phone numbers and e-mail addresses', () => {
  it('makes phone numbers tel: links, as written in many countries', () => {
    expect(links('Call +33 6 12 34 56 78 on arrival')).toEqual([
      ['+33 6 12 34 56 78', 'tel:+33612345678'],
    ]);
    expect(links('Ring (555) 123-4567.')).toEqual([['(555) 123-4567', 'tel:5551234567']]);
    expect(links('Tel. 06.12.34.56.78, back door')).toEqual([['06.12.34.56.78', 'tel:0612345678']]);
    expect(links('0049 30 1234567')).toEqual([['0049 30 1234567', 'tel:0049301234567']]);
  });

  it('finds each of two numbers side by side', () => {
    expect(links('06 12 34 56 78 / 07 11 22 33 44')).toEqual([
      ['06 12 34 56 78', 'tel:0612345678'],
      ['07 11 22 33 44', 'tel:0711223344'],
    ]);
  });

  it('makes e-mail addresses mailto: links', () => {
    expect(links('Invoice to anna.k+shop@example.co.uk, thanks')).toEqual([
      ['anna.k+shop@example.co.uk', 'mailto:anna.k+shop@example.co.uk'],
    ]);
  });

  it('leaves door codes, times, dates, prices and words with digits as text', () => {
    for (const note of [
      'Door code 4821, ring twice',
      'Open 09:00-12:00 and 14:00-18:00',
      'Closed on 2026-03-02 and 02/03/2026',
      'Parcel ABC1234567',
      '3 boxes, 12.50 each',
    ]) {
      expect(links(note)).toEqual([]);
      expect(noteParts(note)).toEqual([{ kind: 'text', text: note }]);
    }
  });

  it('keeps every character: the parts joined are the note', () => {
    const note = 'Mme Roux: +33 6 12 34 56 78 or roux@example.fr (code 4821)';
    expect(
      noteParts(note)
        .map((part) => part.text)
        .join(''),
    ).toBe(note);
    expect(noteParts(note).map((part) => part.kind)).toEqual([
      'text',
      'phone',
      'text',
      'email',
      'text',
    ]);
  });
});
