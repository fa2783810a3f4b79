import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';

/** More objects than this is no scan or statement: refused rather than walked. */
export const MAX_PDF_OBJECTS = 100_000;

/** Keys whose presence means scripts, forms, embedded files or media. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AcroForm', 'XFA', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);

/** Action types (`/S`) that run something, send something, or open something outside the PDF. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'GoToE',
  'Rendition',
  'RichMediaExecute',
  'Sound',
  'Movie',
]);

/** Annotation subtypes that carry files, form fields or media. */
const ACTIVE_SUBTYPES = new Set(['FileAttachment', 'Widget', 'Screen', 'Movie', 'Sound', 'RichMedia', '3D']);

export type PdfVerdict = 'clean' | 'active-content' | 'too-long' | 'unreadable';

/**
 * Looks at every object of a PDF, including those packed into compressed object streams (pdf-lib
 * unpacks them as it parses), for active content: JavaScript anywhere, launch and other actions
 * that run or send something, embedded files, forms and media. A scan of an ID document or a
 * proof of payment needs none of it. Names are never encrypted, so encrypted files are checked too.
 */
export async function inspectPdf(bytes: Buffer): Promise<PdfVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
  } catch {
    return 'unreadable';
  }
  const objects = document.context.enumerateIndirectObjects();
  if (objects.length > MAX_PDF_OBJECTS) return 'too-long';
  for (const [, object] of objects) {
    if (isActive(object, 0)) return 'active-content';
  }
  // The document's trailer can name scripts too (through its catalog, already walked above).
  return 'clean';
}

function isActive(object: PDFObject | undefined, depth: number): boolean {
  // Indirect objects are each walked on their own; this bounds only nested direct objects.
  if (!object || depth > 64) return false;
  if (object instanceof PDFRawStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (let index = 0; index < object.size(); index += 1) {
      if (isActive(object.get(index), depth + 1)) return true;
    }
    return false;
  }
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.has(value.decodeText())) return true;
    if (name === 'Subtype' && value instanceof PDFName && ACTIVE_SUBTYPES.has(value.decodeText())) return true;
    if (name === 'Type' && value instanceof PDFName && value.decodeText() === 'EmbeddedFile') return true;
    if (isActive(value, depth + 1)) return true;
  }
  return false;
}
