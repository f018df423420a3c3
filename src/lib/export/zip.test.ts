import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from './zip';

/** Reads a stored ZIP back through its central directory, checking each entry as unzip would. */
function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  expect(at + view.getUint32(end + 12, true)).toBe(end);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect(view.getUint16(at + 8, true) & 0x0800).toBe(0x0800);
    expect(view.getUint16(at + 10, true)).toBe(0);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    expect(view.getUint32(local + 14, true)).toBe(crc);
    const dataStart =
      local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength;
  }
  return files;
}

describe('crc32', () => {
  it('matches the standard check value and known strings', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(text(''))).toBe(0);
    expect(crc32(text('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('zipStore', () => {
  it('writes files that read back byte for byte, names in UTF-8, in folders', () => {
    const zip = zipStore(
      [
        { name: 'account.json', data: '{"a":1}' },
        { name: 'routes/01-zürich-lyon.gpx', data: '<gpx>Café ✓</gpx>' },
        { name: 'empty.txt', data: '' },
        { name: 'bytes.bin', data: new Uint8Array([0, 255, 10]) },
      ],
      new Date(2026, 10, 24, 9, 30, 12),
    );
    const files = readZip(zip);
    expect([...files.keys()]).toEqual([
      'account.json',
      'routes/01-zürich-lyon.gpx',
      'empty.txt',
      'bytes.bin',
    ]);
    const text = (name: string) => new TextDecoder().decode(files.get(name));
    expect(text('account.json')).toBe('{"a":1}');
    expect(text('routes/01-zürich-lyon.gpx')).toBe('<gpx>Café ✓</gpx>');
    expect(text('empty.txt')).toBe('');
    expect([...files.get('bytes.bin')!]).toEqual([0, 255, 10]);
  });

  it('stamps the date in MS-DOS form', () => {
    const zip = zipStore([{ name: 'a', data: 'x' }], new Date(2026, 10, 24, 9, 30, 12));
    const view = new DataView(zip.buffer);
    expect(view.getUint16(10, true)).toBe((9 << 11) | (30 << 5) | 6);
    expect(view.getUint16(12, true)).toBe(((2026 - 1980) << 9) | (11 << 5) | 24);
  });

  it('is an empty archive for no files, and refuses empty or repeated names', () => {
    expect(readZip(zipStore([])).size).toBe(0);
    expect(() => zipStore([{ name: '', data: 'x' }])).toThrow();
    expect(() =>
      zipStore([
        { name: 'a.gpx', data: 'x' },
        { name: 'a.gpx', data: 'y' },
      ]),
    ).toThrow();
  });
});
