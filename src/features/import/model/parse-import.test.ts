import { describe, expect, it } from 'vitest';
import { decodeImportBytes } from './decode-text';
import { detectDelimiter, parseCoordinate, parseImport, type ImportRow } from './parse-import';

const queries = (rows: readonly ImportRow[]) =>
  rows.map((row) => (row.kind === 'address' ? row.query : row.kind));

describe('parseImport: pasted lists', () => {
  it('reads one address per line, commas inside an address kept, blank lines skipped', () => {
    const text =
      '10 Downing Street, London\n\n   \nTimes Square, New York\r\n221B Baker Street, London, NW1 6XE\n';
    const { rows, columns } = parseImport(text);
    expect(columns).toBeNull();
    expect(rows).toEqual([
      { line: 1, kind: 'address', query: '10 Downing Street, London' },
      { line: 4, kind: 'address', query: 'Times Square, New York' },
      { line: 5, kind: 'address', query: '221B Baker Street, London, NW1 6XE' },
    ]);
  });

  it('keeps a quoted address with embedded separators and a newline as one row, and counts lines right after it', () => {
    const text =
      '"Gare de Lyon, Place Louis-Armand;\r\n75012 Paris"\r\nLyon\r\n\r\n"Café ""Le Zinc"", Dijon"\r\nBerlin';
    const { rows } = parseImport(text);
    expect(rows).toEqual([
      { line: 1, kind: 'address', query: 'Gare de Lyon, Place Louis-Armand;\r\n75012 Paris' },
      { line: 3, kind: 'address', query: 'Lyon' },
      { line: 5, kind: 'address', query: 'Café "Le Zinc", Dijon' },
      { line: 6, kind: 'address', query: 'Berlin' },
    ]);
  });

  it('lists an unclosed quote with its line number instead of dropping it', () => {
    const { rows } = parseImport('Paris\n"Lyon, France\nDijon');
    expect(rows[0]).toEqual({ line: 1, kind: 'address', query: 'Paris' });
    expect(rows[1]).toMatchObject({ line: 2, kind: 'unreadable', reason: 'unclosedQuote' });
    expect(rows[1].kind === 'unreadable' && rows[1].text).toContain('Lyon, France');
  });

  it('does not take a first address that starts like a header name for a header', () => {
    const { rows, columns } = parseImport('Street 1\nRue 5, Lyon\nPlace Bellecour');
    expect(columns).toBeNull();
    expect(queries(rows)).toEqual(['Street 1', 'Rue 5, Lyon', 'Place Bellecour']);
  });

  it('reads coordinate pairs without a header as points', () => {
    const { rows } = parseImport('48.8566, 2.3522\nDepot;45,7578;4,8320\nnot, numbers');
    expect(rows).toEqual([
      { line: 1, kind: 'point', name: 'Location 48.8566, 2.3522', lat: 48.8566, lng: 2.3522 },
      // the first line decides the delimiter (a comma), so the semicolon line is one field: an address
      { line: 2, kind: 'address', query: 'Depot;45, 7578;4, 8320' },
      { line: 3, kind: 'address', query: 'not, numbers' },
    ]);
    expect(parseImport('Depot;45,7578;4,8320\nAnnex;45.76;4.84').rows).toEqual([
      { line: 1, kind: 'point', name: 'Depot', lat: 45.7578, lng: 4.832 },
      { line: 2, kind: 'point', name: 'Annex', lat: 45.76, lng: 4.84 },
    ]);
  });

  it('reads 200 lines with CRLF line ends, all kept in order with their line numbers', () => {
    const lines = Array.from(
      { length: 200 },
      (_, index) => `${index + 1} Main Street, Springfield`,
    );
    const { rows } = parseImport(lines.join('\r\n') + '\r\n');
    expect(rows).toHaveLength(200);
    expect(
      rows.every(
        (row, index) =>
          row.line === index + 1 && row.kind === 'address' && row.query === lines[index],
      ),
    ).toBe(true);
  });
});

describe('parseImport: CSV files', () => {
  it('finds the address, name and note columns by their header names in six languages', () => {
    for (const [address, name, note] of [
      ['Address', 'Name', 'Notes'],
      ['adresse', 'nom', 'remarque'],
      ['Dirección', 'Nombre', 'Notas'],
      ['Indirizzo', 'Nome', 'Nota'],
      ['Endereço', 'Nome', 'Observações'],
      ['ADRESSE', 'Kunde', 'Bemerkung'],
    ]) {
      const { rows, columns } = parseImport(
        `${name},${address},${note}\nAcme,"1 Rue de Rivoli, Paris",Door 4B\n`,
      );
      expect(columns, address).toMatchObject({ name: 0, address: 1, note: 2 });
      expect(rows, address).toEqual([
        {
          line: 2,
          kind: 'address',
          query: '1 Rue de Rivoli, Paris',
          name: 'Acme',
          note: 'Door 4B',
        },
      ]);
    }
  });

  it('reads a semicolon file with a BOM, latitude/longitude columns and decimal commas', () => {
    const text =
      '\uFEFFNom;Latitude;Longitude;Commentaire\r\nBoulangerie;48,8534;2,3488;Code 1234\r\n\r\nMairie;45.7640;4.8357;\r\n';
    const { rows, delimiter } = parseImport(text);
    expect(delimiter).toBe(';');
    expect(rows).toEqual([
      { line: 2, kind: 'point', name: 'Boulangerie', lat: 48.8534, lng: 2.3488, note: 'Code 1234' },
      { line: 4, kind: 'point', name: 'Mairie', lat: 45.764, lng: 4.8357 },
    ]);
  });

  it('reads tab-separated lat/lon columns and falls back to the address when the coordinates are missing', () => {
    const text = 'name\taddress\tlat\tlon\nA\tParis\t48.85\t2.35\nB\tLyon\t\t\nC\t\t91\t0\n';
    const { rows } = parseImport(text);
    expect(rows).toEqual([
      { line: 2, kind: 'point', name: 'A', lat: 48.85, lng: 2.35 },
      { line: 3, kind: 'address', query: 'Lyon', name: 'B' },
      { line: 4, kind: 'unreadable', reason: 'noAddress', text: 'C, 91, 0' },
    ]);
  });

  it('builds the address from street, postcode, city and country columns', () => {
    const { rows } = parseImport(
      'Straße;PLZ;Ort;Land\nUnter den Linden 1;10117;Berlin;Deutschland\n',
    );
    expect(queries(rows)).toEqual(['Unter den Linden 1, 10117 Berlin, Deutschland']);
  });

  it('keeps quoted fields with separators, quotes and newlines in a CSV with a header', () => {
    const text =
      'address,note\r\n"12 Rue ""Haute"", Lyon","Ring twice,\r\nthen wait"\r\n\r\n"Times Square, New York",\r\n';
    const { rows } = parseImport(text);
    expect(rows).toEqual([
      { line: 2, kind: 'address', query: '12 Rue "Haute", Lyon', note: 'Ring twice,\r\nthen wait' },
      { line: 5, kind: 'address', query: 'Times Square, New York' },
    ]);
  });

  it('cuts a note to the stored maximum', () => {
    const { rows } = parseImport(`address;note\nParis;${'x'.repeat(1500)}\n`);
    expect(rows[0].kind === 'address' && rows[0].note?.length).toBe(1000);
  });

  it('reads a 200-row semicolon CSV', () => {
    const lines = ['Name;Adresse;Notiz'];
    for (let index = 1; index <= 200; index += 1)
      lines.push(`Kunde ${index};"Hauptstraße ${index}; Berlin";Tor ${index}`);
    const { rows } = parseImport(lines.join('\n'));
    expect(rows).toHaveLength(200);
    expect(rows[199]).toEqual({
      line: 201,
      kind: 'address',
      query: 'Hauptstraße 200; Berlin',
      name: 'Kunde 200',
      note: 'Tor 200',
    });
  });
});

describe('parseImport: the working day’s columns', () => {
  it('finds the time window and time at stop columns by their names in six languages', () => {
    for (const [window, service] of [
      ['Time window', 'Time at stop (min)'],
      ['Créneau', 'Durée'],
      ['Franja horaria', 'Tiempo de parada'],
      ['Zeitfenster', 'Dauer in Minuten'],
      ['Fascia oraria', 'Tempo di sosta'],
      ['Janela horária', 'Tempo de paragem'],
    ]) {
      const { rows, columns } = parseImport(
        `Address;${window};${service}\n1 Rue de Rivoli, Paris;09:00-12:00;10 min\n`,
      );
      expect(columns, window).toMatchObject({ address: 0, window: 1, service: 2 });
      expect(rows, window).toEqual([
        {
          line: 2,
          kind: 'address',
          query: '1 Rue de Rivoli, Paris',
          day: { window: { start: '09:00', end: '12:00' }, serviceMinutes: 10 },
        },
      ]);
    }
  });

  it('reads a window from its two ends’ columns, or one end alone', () => {
    const { rows, columns } = parseImport(
      'name,lat,lng,earliest,latest\nA,48.85,2.35,9,12\nB,48.86,2.36,14h,\nC,48.87,2.37,,10:30\n',
    );
    expect(columns).toMatchObject({ windowStart: 3, windowEnd: 4 });
    expect(rows.map((row) => row.kind === 'point' && row.day)).toEqual([
      { window: { start: '09:00', end: '12:00' } },
      { window: { start: '14:00', end: '23:59' } },
      { window: { start: '00:00', end: '10:30' } },
    ]);
    const german = parseImport('Adresse;Von;Bis\nBerlin;8 Uhr;9:30\n');
    expect(german.rows[0]).toMatchObject({ day: { window: { start: '08:00', end: '09:30' } } });
  });

  it('keeps a row whose values of the day cannot be read, saying which and why', () => {
    const { rows } = parseImport(
      'address,window,service\nParis,9 to lunch,10 min\nLyon,12-9,ten\nDijon,,300\nNice,,\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        kind: 'address',
        query: 'Paris',
        day: { serviceMinutes: 10 },
        dayIssues: [{ field: 'window', value: '9 to lunch', problem: 'unreadable' }],
      },
      {
        line: 3,
        kind: 'address',
        query: 'Lyon',
        dayIssues: [
          { field: 'window', value: '12-9', problem: 'endBeforeStart' },
          { field: 'service', value: 'ten', problem: 'unreadable' },
        ],
      },
      {
        line: 4,
        kind: 'address',
        query: 'Dijon',
        dayIssues: [{ field: 'service', value: '300', problem: 'tooLong' }],
      },
      { line: 5, kind: 'address', query: 'Nice' },
    ]);
    const ends = parseImport('address;from;to\nParis;soon;12\n').rows[0];
    expect(ends).toMatchObject({
      dayIssues: [{ field: 'window', value: 'soon – 12', problem: 'unreadable' }],
    });
  });

  it('finds the load column by its usual names in six languages', () => {
    for (const header of [
      'Parcels',
      'Qty',
      'Nombre de colis',
      'Quantité',
      'Bultos',
      'Cantidad',
      'Anzahl',
      'Stück',
      'Colli',
      'Quantità',
      'Volumes',
      'Quantidade',
    ]) {
      const { rows, columns } = parseImport(`Address;${header}\nParis;3\nLyon;0\n`);
      expect(columns, header).toMatchObject({ address: 0, load: 1 });
      expect(
        rows.map((row) => row.kind === 'address' && row.day),
        header,
      ).toEqual([{ load: 3 }, { load: 0 }]);
    }
  });

  it('reads a load with its unit, and names a load it cannot read', () => {
    const { rows } = parseImport(
      'address,parcels\nParis,4 colis\nLyon,2.5\nDijon,10000\nNice,many\nNantes,\n',
    );
    expect(rows.map((row) => row.kind === 'address' && (row.day ?? row.dayIssues))).toEqual([
      { load: 4 },
      [{ field: 'load', value: '2.5', problem: 'unreadable' }],
      [{ field: 'load', value: '10000', problem: 'tooLarge' }],
      [{ field: 'load', value: 'many', problem: 'unreadable' }],
      undefined,
    ]);
  });
});

describe('decodeImportBytes', () => {
  it('reads UTF-8 and drops its byte-order mark', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Adresse\nCafé Crème, Dijon'),
    ]);
    expect(decodeImportBytes(bytes)).toBe('Adresse\nCafé Crème, Dijon');
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    // "Rue de l’Église;Zürich €" as Windows-1252 bytes (’ = 0x92, É = 0xC9, ü = 0xFC, € = 0x80)
    const bytes = new Uint8Array(
      [...'Rue de l']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0x92, 0xc9],
          [...'glise;Z'].map((c) => c.charCodeAt(0)),
          [0xfc],
          [...'rich '].map((c) => c.charCodeAt(0)),
          [0x80],
        ),
    );
    expect(decodeImportBytes(bytes)).toBe('Rue de l’Église;Zürich €');
    expect(parseImport(decodeImportBytes(bytes)).rows).toEqual([
      { line: 1, kind: 'address', query: 'Rue de l’Église, Zürich €' },
    ]);
  });
});

describe('helpers', () => {
  it('detects the delimiter from the first line, ignoring quoted text', () => {
    expect(detectDelimiter('a\tb;c')).toBe('\t');
    expect(detectDelimiter('\n\n"x;y",z')).toBe(',');
    expect(detectDelimiter('name;address')).toBe(';');
    expect(detectDelimiter('Paris')).toBe(',');
  });

  it('parses coordinates with a dot or a decimal comma, nothing else', () => {
    expect(parseCoordinate(' 48,8566 ')).toBe(48.8566);
    expect(parseCoordinate('-3.70')).toBe(-3.7);
    for (const bad of ['', 'abc', '1.2.3', '48°51′N', undefined])
      expect(parseCoordinate(bad)).toBeNaN();
  });
});
