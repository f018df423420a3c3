/** A photo is sent at most this many pixels on its longer side. */
export const PHOTO_MAX_PIXELS = 1600;
const PHOTO_QUALITY = 0.85;

/** The size that fits within `max` on the longer side, keeping the proportions; never larger. */
export function fitWithin(
  width: number,
  height: number,
  max = PHOTO_MAX_PIXELS,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The photo as it is sent: turned upright, at most 1600 px on its longer side, re-encoded as a
 * JPEG by the browser's canvas, which writes none of the original's metadata (the place it was
 * taken, the camera, the time).
 */
export async function preparePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      PHOTO_QUALITY,
    ),
  );
}
