/**
 * Header names an import recognises, in the app's six languages plus common spreadsheet
 * variants. Compared after {@link normalizeHeader}: lower case, no accents, letters and
 * digits only (so a first address such as "Street 1" is not taken for a header).
 */
export type ImportColumn =
  'address' | 'street' | 'postcode' | 'city' | 'country' | 'lat' | 'lng' | 'name' | 'note';

const NAMES: Record<ImportColumn, readonly string[]> = {
  address: [
    'address',
    'addresses',
    'fulladdress',
    'streetaddress',
    'adresse',
    'adressen',
    'anschrift',
    'direccion',
    'domicilio',
    'indirizzo',
    'endereco',
    'morada',
    'location',
    'place',
  ],
  street: ['street', 'rue', 'voie', 'calle', 'via', 'rua', 'strasse', 'str'],
  postcode: [
    'zip',
    'zipcode',
    'postcode',
    'postalcode',
    'codepostal',
    'cp',
    'codigopostal',
    'cap',
    'cep',
    'plz',
    'postleitzahl',
  ],
  city: [
    'city',
    'town',
    'ville',
    'commune',
    'ciudad',
    'localidad',
    'citta',
    'comune',
    'cidade',
    'stadt',
    'ort',
  ],
  country: ['country', 'pays', 'pais', 'paese', 'land'],
  lat: ['lat', 'latitude', 'latitud', 'latitudine', 'breite', 'breitengrad', 'y'],
  lng: [
    'lng',
    'lon',
    'long',
    'longitude',
    'longitud',
    'longitudine',
    'laenge',
    'lange',
    'langengrad',
    'laengengrad',
    'x',
  ],
  name: [
    'name',
    'names',
    'nom',
    'nombre',
    'nome',
    'title',
    'titre',
    'titulo',
    'titolo',
    'titel',
    'stop',
    'customer',
    'client',
    'cliente',
    'kunde',
  ],
  note: [
    'note',
    'notes',
    'nota',
    'notas',
    'notiz',
    'notizen',
    'remarque',
    'remarques',
    'comment',
    'comments',
    'commentaire',
    'comentario',
    'comentarios',
    'commento',
    'bemerkung',
    'anmerkung',
    'observacion',
    'observacoes',
    'instructions',
  ],
};

const BY_NAME = new Map<string, ImportColumn>(
  (Object.entries(NAMES) as [ImportColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [name, column] as const),
  ),
);

export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export const columnOf = (header: string): ImportColumn | undefined =>
  BY_NAME.get(normalizeHeader(header));

/** Which column holds what; the first column of each kind wins. */
export type ColumnMap = Partial<Record<ImportColumn, number>>;

export function mapColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  headers.forEach((header, index) => {
    const column = columnOf(header);
    if (column && map[column] === undefined) map[column] = index;
  });
  return map;
}

/** A header row names an address (or parts of one) or both coordinates. */
export const isHeaderRow = (map: ColumnMap): boolean =>
  map.address !== undefined ||
  map.street !== undefined ||
  map.city !== undefined ||
  map.postcode !== undefined ||
  (map.lat !== undefined && map.lng !== undefined);
