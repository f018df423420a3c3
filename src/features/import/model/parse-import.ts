import Papa from 'papaparse';
import { fallbackStopName, isLatitude, isLongitude, truncateStopName } from '@domain/stops.ts';
import { STOP_NOTE_MAX_CHARS } from '@domain/limits.ts';
import { isHeaderRow, mapColumns, type ColumnMap } from './column-names';
import type { StopDayFields } from '@domain/day-plan/day-plan.ts';
import { stripByteOrderMark } from './decode-text';
import {
  parseLoad,
  parseServiceMinutes,
  parseWindow,
  parseWindowEnd,
  windowOf,
  type LoadProblem,
  type ServiceProblem,
  type WindowProblem,
} from './day-values';

/**
 * A value of the working day the import could not read: the stop comes without it, and the
 * user is told which line, which value and why.
 */
export type DayValueIssue =
  | { field: 'window'; value: string; problem: WindowProblem }
  | { field: 'service'; value: string; problem: ServiceProblem }
  | { field: 'load'; value: string; problem: LoadProblem };

/** What a row says of the working day: the fields it read, and the values it could not. */
export interface RowDay {
  /** The stop's time window, time at the stop and load, when the file gives them. */
  day?: StopDayFields;
  dayIssues?: DayValueIssue[];
}

/** One line of an import, numbered as the user sees it in the text or file (from 1). */
export type ImportRow =
  /** An address to look up; `name` and `note` come from their columns when present. */
  | ({ line: number; kind: 'address'; query: string; name?: string; note?: string } & RowDay)
  /** A row with its own coordinates: added as is. */
  | ({
      line: number;
      kind: 'point';
      name: string;
      lat: number;
      lng: number;
      note?: string;
    } & RowDay)
  /** A row the parser could not read; `text` is what it saw, for the user to fix. */
  | { line: number; kind: 'unreadable'; reason: UnreadableReason; text: string };

export type UnreadableReason = 'unclosedQuote' | 'noAddress';

export type ImportDelimiter = ',' | ';' | '\t' | '|';

export interface ParsedImport {
  rows: ImportRow[];
  delimiter: ImportDelimiter;
  /** The recognised header columns, or null for a list without a header row. */
  columns: ColumnMap | null;
}

interface RawRow {
  line: number;
  fields: string[];
  unclosedQuote: boolean;
}

/** Tab, then semicolon, then pipe, then comma: the first one found outside quotes in the first line. */
export function detectDelimiter(text: string): ImportDelimiter {
  const firstLine =
    stripByteOrderMark(text)
      .split(/\r\n|\n|\r/)
      .find((line) => line.trim() !== '') ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  for (const candidate of ['\t', ';', '|'] as const) {
    if (outsideQuotes.includes(candidate)) return candidate;
  }
  return ',';
}

function readRows(text: string, delimiter: ImportDelimiter): RawRow[] {
  const rows: RawRow[] = [];
  let rowStart = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    step: (result) => {
      const fields = result.data.map((field) => field.trim());
      if (fields.some((field) => field !== '')) {
        rows.push({
          line,
          fields,
          unclosedQuote: result.errors.some((error) => error.code === 'MissingQuotes'),
        });
      }
      const end = result.meta.cursor;
      for (let index = rowStart; index < end; index += 1) {
        const char = text.charCodeAt(index);
        // \n, or a lone \r (old Mac line ends)
        if (char === 10 || (char === 13 && text.charCodeAt(index + 1) !== 10)) line += 1;
      }
      rowStart = end;
    },
  });
  return rows;
}

/** "48.8566", "48,8566" (decimal comma) or " -3.70 "; NaN for anything else. */
export function parseCoordinate(text: string | undefined): number {
  const value = (text ?? '').trim().replace(/\s+/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(value)) return Number.NaN;
  return Number(value.replace(',', '.'));
}

const isPoint = (lat: number, lng: number) => isLatitude(lat) && isLongitude(lng);

const cutNote = (note: string | undefined): string | undefined => {
  const text = note?.trim();
  return text ? Array.from(text).slice(0, STOP_NOTE_MAX_CHARS).join('') : undefined;
};

const field = (fields: readonly string[], index: number | undefined): string =>
  index === undefined ? '' : (fields[index] ?? '').trim();

const joinParts = (parts: readonly string[]): string =>
  parts.filter((part) => part !== '').join(', ');

/** The window from its column, or from its two ends' columns. */
function windowOfRow(
  fields: readonly string[],
  columns: ColumnMap,
): { window?: StopDayFields['window']; issue?: DayValueIssue } {
  const cell = field(fields, columns.window);
  if (cell !== '') {
    const result = parseWindow(cell);
    if (!result) return {};
    return 'window' in result
      ? { window: result.window }
      : { issue: { field: 'window', value: cell, problem: result.problem } };
  }
  const startText = field(fields, columns.windowStart);
  const endText = field(fields, columns.windowEnd);
  const start = parseWindowEnd(startText);
  const end = parseWindowEnd(endText);
  if (start === null && end === null) return {};
  const value = [startText, endText].filter((text) => text !== '').join(' – ');
  if (start === 'unreadable' || end === 'unreadable')
    return { issue: { field: 'window', value, problem: 'unreadable' } };
  const result = windowOf(start, end);
  return 'window' in result
    ? { window: result.window }
    : { issue: { field: 'window', value, problem: result.problem } };
}

/** The row's time window, time at the stop and load, and the values it could not read. */
function dayOfRow(fields: readonly string[], columns: ColumnMap): RowDay {
  const day: StopDayFields = {};
  const issues: DayValueIssue[] = [];
  const { window, issue } = windowOfRow(fields, columns);
  if (window) day.window = window;
  if (issue) issues.push(issue);
  const serviceText = field(fields, columns.service);
  const service = parseServiceMinutes(serviceText);
  if (service && 'minutes' in service) day.serviceMinutes = service.minutes;
  else if (service) issues.push({ field: 'service', value: serviceText, problem: service.problem });
  const loadText = field(fields, columns.load);
  const load = parseLoad(loadText);
  if (load && 'load' in load) day.load = load.load;
  else if (load) issues.push({ field: 'load', value: loadText, problem: load.problem });
  return {
    ...(Object.keys(day).length > 0 ? { day } : {}),
    ...(issues.length > 0 ? { dayIssues: issues } : {}),
  };
}

function rowWithHeader(raw: RawRow, columns: ColumnMap): ImportRow {
  const { fields, line } = raw;
  const name = field(fields, columns.name);
  const note = cutNote(field(fields, columns.note));
  const rowDay = dayOfRow(fields, columns);
  const address = joinParts([
    field(fields, columns.address),
    field(fields, columns.street),
    [field(fields, columns.postcode), field(fields, columns.city)]
      .filter((part) => part !== '')
      .join(' '),
    field(fields, columns.country),
  ]);
  const lat = parseCoordinate(field(fields, columns.lat));
  const lng = parseCoordinate(field(fields, columns.lng));
  if (isPoint(lat, lng)) {
    const pointName = truncateStopName(name || address || fallbackStopName(lat, lng));
    return {
      line,
      kind: 'point',
      name: pointName,
      lat,
      lng,
      ...(note ? { note } : {}),
      ...rowDay,
    };
  }
  if (address !== '') {
    return {
      line,
      kind: 'address',
      query: address,
      ...(name ? { name: truncateStopName(name) } : {}),
      ...(note ? { note } : {}),
      ...rowDay,
    };
  }
  return { line, kind: 'unreadable', reason: 'noAddress', text: joinParts(fields) };
}

/** Without a header: two neighbouring numbers in range are a point, anything else is an address. */
function rowWithoutHeader(raw: RawRow): ImportRow {
  const { fields, line } = raw;
  for (let index = 0; index + 1 < fields.length; index += 1) {
    const lat = parseCoordinate(fields[index]);
    const lng = parseCoordinate(fields[index + 1]);
    if (isPoint(lat, lng)) {
      const rest = joinParts(fields.filter((_, other) => other !== index && other !== index + 1));
      return {
        line,
        kind: 'point',
        name: truncateStopName(rest || fallbackStopName(lat, lng)),
        lat,
        lng,
      };
    }
  }
  return { line, kind: 'address', query: joinParts(fields) };
}

/**
 * Reads pasted text (one address per line) or a CSV file's text: a header row is
 * recognised by its column names (address parts, latitude/longitude, name, note, time window,
 * time at stop in six languages); without one, each line is an address, or a point when it holds two
 * coordinates. Blank lines are skipped; every other line comes back as a row, the
 * ones it cannot read included, so nothing disappears.
 */
export function parseImport(input: string): ParsedImport {
  const text = stripByteOrderMark(input);
  const delimiter = detectDelimiter(text);
  const raws = readRows(text, delimiter);
  const headerColumns = raws.length > 0 ? mapColumns(raws[0].fields) : {};
  const columns = isHeaderRow(headerColumns) ? headerColumns : null;
  const dataRows = columns ? raws.slice(1) : raws;
  const rows = dataRows.map((raw): ImportRow => {
    if (raw.unclosedQuote)
      return {
        line: raw.line,
        kind: 'unreadable',
        reason: 'unclosedQuote',
        text: raw.fields.join(' '),
      };
    return columns ? rowWithHeader(raw, columns) : rowWithoutHeader(raw);
  });
  return { rows, delimiter, columns };
}
