/**
 * Windows-1252's characters at 0x80–0x9F (the rest of the code page is ISO-8859-1).
 * Browsers decode them, but some runtimes (Node) treat the windows-1252 label as
 * latin1 and return C1 control characters instead: this table repairs that.
 */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

const repairC1 = (text: string): string =>
  text.replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]);

/**
 * The text of an imported file. Spreadsheets still save CSV as Windows-1252 (or its
 * subset ISO-8859-1) as often as UTF-8: bytes that are not valid UTF-8 are read as
 * Windows-1252, so "Café" survives either way. A leading byte-order mark is dropped.
 */
export function decodeImportBytes(bytes: ArrayBuffer | Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = repairC1(new TextDecoder('windows-1252').decode(bytes));
  }
  return stripByteOrderMark(text);
}

export const stripByteOrderMark = (text: string): string =>
  text.startsWith('\uFEFF') ? text.slice(1) : text;
