// Writes the PWA's PNG icons (public/icons) from the favicon's drawing, with no image
// library: shapes are rasterised with 4x4 supersampling and encoded as PNG with zlib.
// Run it again after changing the drawing: node vite/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x00, 0x7b, 0xff];
const WHITE = [0xff, 0xff, 0xff];

/**
 * favicon.svg in its own 32-unit box: the two ends and the dotted curve between them.
 * @param {number} x
 * @param {number} y
 */
function shapesAt(x, y) {
  /** @type {(cx: number, cy: number, r: number) => boolean} */
  const dot = (cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  if (dot(9, 23, 3.2) || dot(23, 10, 3.2)) return true;
  // Cubic curve M9 23 C9 18 23 19 23 13, drawn as round dots every few units.
  for (let i = 2; i < 6; i += 1) {
    const t = i / 6;
    const u = 1 - t;
    const px = u ** 3 * 9 + 3 * u * u * t * 9 + 3 * u * t * t * 23 + t ** 3 * 23;
    const py = u ** 3 * 23 + 3 * u * u * t * 18 + 3 * u * t * t * 19 + t ** 3 * 13;
    if (dot(px, py, 1.25)) return true;
  }
  return false;
}

/**
 * @param {number} x
 * @param {number} y
 * @param {number} radius
 */
function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
}

/**
 * RGBA pixels; `maskable`: full-bleed background and the drawing shrunk into the safe zone.
 * @param {number} size
 * @param {boolean} maskable
 */
function draw(size, maskable) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  const scale = maskable ? 0.72 : 1;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (!maskable && !insideRoundedSquare(x, y, 7)) continue;
          bg += 1;
          if (shapesAt(16 + (x - 16) / scale, 16 + (y - 16) / scale)) fg += 1;
        }
      }
      const alpha = bg / samples ** 2;
      const mix = bg ? fg / bg : 0;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1)
        pixels[offset + c] = Math.round(BLUE[c] * (1 - mix) + WHITE[c] * mix);
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** @param {Buffer} buffer */
const crc32 = (buffer) => {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/**
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * @param {number} size
 * @param {Buffer} rgba
 */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1)
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
/** @type {[name: string, size: number, maskable: boolean][]} */
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(new URL(name, out), png(size, draw(size, maskable)));
  console.log(`public/icons/${name}`);
}
