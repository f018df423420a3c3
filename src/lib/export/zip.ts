/**
 * A ZIP archive of files stored as they are (no compression: method 0), enough for the data
 * export's JSON and GPX files and readable by every unzip tool. No dependency: the format is a
 * local header and the data per file, then a central directory and its end record
 * (PKWARE APPNOTE 6.3, sections 4.3 and 4.4). File names are UTF-8 (flag bit 11).
 */

export interface ZipEntry {
  /** Path inside the archive, with '/' between folders. */
  name: string;
  /** The file's content; text is written as UTF-8. */
  data: string | Uint8Array;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the one ZIP uses). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time of `date` (local time, 2-second steps; years 1980 to 2107). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const UTF8_NAMES = 0x0800;
const VERSION = 20; // 2.0: folders and CRC-32

/** The archive's bytes. `modified`: the files' date (now by default). */
export function zipStore(entries: readonly ZipEntry[], modified = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const { time, date } = dosDateTime(modified);
  const names = new Set<string>();
  const files = entries.map((entry) => {
    const name = entry.name.replace(/^\/+/, '');
    if (!name || names.has(name)) throw new Error(`ZIP entry name empty or repeated: ${name}`);
    names.add(name);
    const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
    return { name: encoder.encode(name), data, crc: crc32(data) };
  });
  if (files.length > 0xffff) throw new Error('Too many files for a ZIP without ZIP64');

  const localSize = files.reduce((sum, file) => sum + 30 + file.name.length + file.data.length, 0);
  const centralSize = files.reduce((sum, file) => sum + 46 + file.name.length, 0);
  if (localSize + centralSize > 0xffffffff) throw new Error('Too large for a ZIP without ZIP64');
  const bytes = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value >>> 0, true);
    at += 4;
  };
  const put = (chunk: Uint8Array) => {
    bytes.set(chunk, at);
    at += chunk.length;
  };

  const offsets: number[] = [];
  for (const file of files) {
    offsets.push(at);
    u32(0x04034b50);
    u16(VERSION);
    u16(UTF8_NAMES);
    u16(0); // stored
    u16(time);
    u16(date);
    u32(file.crc);
    u32(file.data.length);
    u32(file.data.length);
    u16(file.name.length);
    u16(0);
    put(file.name);
    put(file.data);
  }
  const centralStart = at;
  files.forEach((file, index) => {
    u32(0x02014b50);
    u16(VERSION);
    u16(VERSION);
    u16(UTF8_NAMES);
    u16(0);
    u16(time);
    u16(date);
    u32(file.crc);
    u32(file.data.length);
    u32(file.data.length);
    u16(file.name.length);
    u16(0); // extra
    u16(0); // comment
    u16(0); // disk
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[index]);
    put(file.name);
  });
  const centralEnd = at;
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(files.length);
  u16(files.length);
  u32(centralEnd - centralStart);
  u32(centralStart);
  u16(0);
  return bytes;
}
