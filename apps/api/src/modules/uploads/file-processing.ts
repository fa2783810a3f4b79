import { uploadMessages } from '@letsema/domain';
import pLimit from 'p-limit';
import { AppError } from '../../lib/errors.js';
import { inspectPdf } from './pdf-check.js';

export type StoredExtension = 'jpg' | 'png' | 'webp' | 'pdf';

export interface ProcessedFile {
  body: Buffer;
  contentType: string;
  extension: StoredExtension;
}

const IMAGE_TYPES: Record<string, StoredExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// Photos larger than this on a side are scaled down: plenty for a face or a document, and light on phones.
const MAX_IMAGE_SIDE = 2560;
/** Images with more pixels are refused from their header, before any decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Images decoded at the same moment by this process: each can take a few hundred megabytes while it
 * is re-encoded, so the rest wait their turn and memory stays bounded.
 */
const decoding = pLimit(2);

/**
 * Decides a file's type from its bytes, never its name or header, and makes it safe to keep:
 * images are decoded and re-encoded (dropping EXIF, GPS and anything smuggled after the image
 * data); PDFs are refused when encrypted or carrying active content (see pdf-check.ts), else kept as they
 * are and only ever served as attachments.
 */
export async function processUpload(bytes: Buffer, accepts: 'photo' | 'document'): Promise<ProcessedFile> {
  const typeMessage = accepts === 'photo' ? uploadMessages.photoType : uploadMessages.documentType;
  // file-type and sharp load with the first upload rather than at every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', typeMessage);

  const imageExtension = IMAGE_TYPES[detected.mime];
  if (imageExtension) return reencodeImage(bytes, detected.mime, imageExtension);

  if (accepts === 'document' && detected.mime === 'application/pdf') {
    const verdict = await inspectPdf(bytes);
    if (verdict === 'encrypted') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.pdfEncrypted);
    if (verdict === 'active-content') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.pdfActiveContent);
    if (verdict === 'too-long') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.pdfTooLong);
    if (verdict === 'unreadable') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unreadable);
    return { body: bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', typeMessage);
}

async function reencodeImage(bytes: Buffer, mime: string, extension: StoredExtension): Promise<ProcessedFile> {
  const { default: sharp } = await import('sharp');
  // The header alone tells the size: a huge image is refused before a pixel is decoded.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unreadable);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.imageTooLarge);
  }
  return decoding(() => decodeAndReencode(bytes, mime, extension));
}

async function decodeAndReencode(bytes: Buffer, mime: string, extension: StoredExtension): Promise<ProcessedFile> {
  const { default: sharp } = await import('sharp');
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped, so photos stay upright.
    let image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (extension === 'jpg') image = image.jpeg({ quality: 85, mozjpeg: true });
    else if (extension === 'png') image = image.png({ compressionLevel: 9 });
    else image = image.webp({ quality: 85 });
    return { body: await image.toBuffer(), contentType: mime, extension };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unreadable);
  }
}
