/**
 * A new random UUID (version 4: 122 random bits from the platform's CSPRNG, as
 * crypto.randomUUID gives). crypto.randomUUID exists only in secure contexts (https, localhost):
 * a page opened over plain http, say on a phone on the local network, has only
 * crypto.getRandomValues, so there the UUID is made from 16 of its bytes.
 */
/** What the UUID is drawn from: the platform's `crypto` (another only in tests). */
export interface UuidSource {
  randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

export function randomUuid(source: UuidSource = crypto): string {
  if (source.randomUUID) return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}
