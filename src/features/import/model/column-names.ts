/**
 * Header names an import recognises, in the app's six languages plus common spreadsheet
 * variants. Compared after {@link normalizeHeader}: lower case, no accents, letters and
 * digits only (so a first address such as "Street 1" is not taken for a header).
 */
export type ImportColumn =
  | 'address'
  | 'street'
  | 'postcode'
  | 'city'
  | 'country'
  | 'lat'
  | 'lng'
  | 'name'
  | 'note'
  /** A time window in one cell ("09:00-12:00"). */
  | 'window'
  /** A window's opening time in its own column ("Earliest"). */
  | 'windowStart'
  /** A window's closing time in its own column ("Latest"). */
  | 'windowEnd'
  /** The time at the stop ("10 min"). */
  | 'service'
  /** What the stop takes from a driver's capacity ("3 parcels"). */
  | 'load';

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
  window: [
    'window',
    'timewindow',
    'deliverywindow',
    'timeslot',
    'slot',
    'openinghours',
    'creneau',
    'creneauhoraire',
    'plagehoraire',
    'fenetre',
    'fenetrehoraire',
    'horaires',
    'ventana',
    'ventanahoraria',
    'ventanadetiempo',
    'franja',
    'franjahoraria',
    'horario',
    'zeitfenster',
    'lieferfenster',
    'lieferzeit',
    'zeitraum',
    'finestra',
    'finestraoraria',
    'fasciaoraria',
    'orario',
    'janela',
    'janelahoraria',
    'janeladehorario',
    'faixahoraria',
  ],
  windowStart: [
    'windowstart',
    'windowopens',
    'start',
    'starttime',
    'from',
    'earliest',
    'opens',
    'after',
    'debut',
    'heuredebut',
    'apartirde',
    'desde',
    'inicio',
    'horainicio',
    'horadeinicio',
    'von',
    'ab',
    'beginn',
    'fruhestens',
    'fruehestens',
    'startzeit',
    'dalle',
    'inizio',
    'orainizio',
    'orariodinizio',
    'horainicial',
  ],
  windowEnd: [
    'windowend',
    'windowcloses',
    'end',
    'endtime',
    'to',
    'until',
    'latest',
    'closes',
    'before',
    'fin',
    'heurefin',
    'jusqua',
    'avant',
    'hasta',
    'horafin',
    'horadefin',
    'bis',
    'ende',
    'spatestens',
    'spaetestens',
    'endzeit',
    'alle',
    'fine',
    'entro',
    'orafine',
    'ate',
    'fim',
    'horafim',
    'horafinal',
  ],
  service: [
    'service',
    'servicetime',
    'serviceduration',
    'duration',
    'stopduration',
    'stoptime',
    'timeatstop',
    'timeonsite',
    'onsite',
    'dwell',
    'dwelltime',
    'duree',
    'dureearret',
    'dureedarret',
    'tempsarret',
    'tempsdarret',
    'tempssurplace',
    'duracion',
    'duraciondeparada',
    'tiempoparada',
    'tiempodeparada',
    'tiempoenparada',
    'tiempodeservicio',
    'dauer',
    'aufenthalt',
    'aufenthaltsdauer',
    'standzeit',
    'servicezeit',
    'zeitamstopp',
    'durata',
    'sosta',
    'duratasosta',
    'tempodisosta',
    'tempoallafermata',
    'tempodiservizio',
    'duracao',
    'tempoparada',
    'tempodeparada',
    'tempodeparagem',
    'temponaparagem',
    'tempodeservico',
  ],
  load: [
    'load',
    'parcels',
    'numberofparcels',
    'packages',
    'pieces',
    'quantity',
    'qty',
    'units',
    'boxes',
    'demand',
    'colis',
    'nbcolis',
    'nombredecolis',
    'quantite',
    'qte',
    'paquets',
    'unites',
    'bultos',
    'paquetes',
    'cantidad',
    'carga',
    'unidades',
    'piezas',
    'cajas',
    'pakete',
    'anzahl',
    'menge',
    'ladung',
    'stuck',
    'stueck',
    'stuckzahl',
    'stueckzahl',
    'packstucke',
    'packstuecke',
    'kolli',
    'colli',
    'pacchi',
    'quantita',
    'carico',
    'pezzi',
    'unita',
    'volumes',
    'pacotes',
    'quantidade',
    'encomendas',
    'pecas',
    'caixas',
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

/** A unit written after a time at stop's header: "Time at stop (min)", "Dauer in Minuten". */
const MINUTES_SUFFIX = /(?:in)?(?:min|mins|minutes|minutos|minuti|minuten|mn)$/;

export function columnOf(header: string): ImportColumn | undefined {
  const name = normalizeHeader(header);
  const column = BY_NAME.get(name);
  if (column) return column;
  const withoutUnit = name.replace(MINUTES_SUFFIX, '');
  return withoutUnit !== name && BY_NAME.get(withoutUnit) === 'service' ? 'service' : undefined;
}

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
