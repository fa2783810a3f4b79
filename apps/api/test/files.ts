import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** A real JPEG photo carrying EXIF with a GPS position and a camera model. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'SecretCam Model X' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 2/1 0/1' },
    })
    .toBuffer();
}

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 122, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A minimal but well-formed PDF. */
export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** A multipart/form-data body with one file and optional fields, as a browser sends it. */
export function multipart(
  file: { name?: string; filename: string; contentType: string; body: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----letsema${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The permission bits of `folder` and of everything under it. */
export function modesUnder(folder: string): { file: string; folder: boolean; mode: number }[] {
  return [
    { file: folder, folder: true, mode: statSync(folder).mode & 0o777 },
    ...readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      return entry.isDirectory() ? modesUnder(file) : [{ file, folder: false, mode: statSync(file).mode & 0o777 }];
    }),
  ];
}
