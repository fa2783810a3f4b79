/**
 * Photos are shrunk on the phone before they are sent: a camera's 3 MB picture took half a minute
 * on a 1 Mbps prepaid connection. 1 600 pixels on the long side keeps an ID card's text legible.
 */
export const PHOTO_TARGET_BYTES = 400 * 1024;
export const PHOTO_LONG_EDGE = 1600;
const QUALITIES = [0.85, 0.75, 0.65] as const;

/** The size a picture is drawn at so that its long side is at most `longEdge`, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  longEdge = PHOTO_LONG_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name of a picture once it is a JPEG: its own name with `.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * A JPEG, PNG or WebP photo larger than PHOTO_TARGET_BYTES, redrawn at most PHOTO_LONG_EDGE pixels
 * on its long side (upright, as the camera held it) and saved as a JPEG of the first quality that
 * fits. Anything else, or a browser that cannot draw it, is sent as it was: the server checks and
 * re-encodes every photo anyway.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || file.size <= PHOTO_TARGET_BYTES) return file;
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG becomes a JPEG on white, not on black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    let smallest: Blob | null = null;
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, quality);
      if (blob && (!smallest || blob.size < smallest.size)) smallest = blob;
      if (blob && blob.size <= PHOTO_TARGET_BYTES) break;
    }
    if (!smallest || smallest.size >= file.size) return file;
    return new File([smallest], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
