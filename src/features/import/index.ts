/** The import feature's public entry. */
export { ImportPanel, type ImportPanelProps } from './components/ImportPanel';
export { parseImport, type ImportRow, type ParsedImport } from './model/parse-import';
export { decodeImportBytes } from './model/decode-text';
