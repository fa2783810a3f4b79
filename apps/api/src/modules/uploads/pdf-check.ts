import type * as PdfLib from '@cantoo/pdf-lib';
import type { PDFContext, PDFDict, PDFDocument, PDFObject } from '@cantoo/pdf-lib';

// pdf-lib is loaded with the first PDF to check rather than at every start (a third of a second).
let lib: typeof PdfLib;

/** More objects than this is no scan or statement: refused rather than walked. */
export const MAX_PDF_OBJECTS = 100_000;

/** Keys whose presence means scripts, triggers, forms, embedded files or media. */
const ACTIVE_KEYS = new Set([
  'JS',
  'JavaScript', // also the document's /Names /JavaScript tree
  'AA', // additional actions: run when a page, field or the document is opened, closed, printed...
  'AcroForm',
  'XFA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
]);

/** Action types (`/S`) that run something, send something, or open something outside the PDF. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'URI',
  'GoToR',
  'GoToE',
  'GoToDp',
  'Named',
  'Thread',
  'SetOCGState',
  'Hide',
  'ImportData',
  'Rendition',
  'SubmitForm',
  'ResetForm',
  'RichMediaExecute',
  'GoTo3DView',
  'Sound',
  'Movie',
]);

/** Keys whose value is an action (or, for `Next`, a list of them): only a plain `GoTo` may be there. */
const ACTION_KEYS = new Set(['A', 'OpenAction', 'Next', 'PA']);

/** Annotation subtypes that carry files, form fields or media. */
const ACTIVE_SUBTYPES = new Set(['FileAttachment', 'Widget', 'Screen', 'Movie', 'Sound', 'RichMedia', '3D']);

/** `/Encrypt` as a name in the file's own bytes (a trailer or cross-reference stream dictionary). */
const ENCRYPT_TOKEN = /\/Encrypt[\s/<[\]>(%\d]/;

export type PdfVerdict = 'clean' | 'encrypted' | 'active-content' | 'too-long' | 'unreadable';

/**
 * Looks at every object of a PDF, including those packed into compressed object streams (pdf-lib
 * unpacks them as it parses), for active content: JavaScript anywhere, any action but a plain
 * `GoTo` (links to the web or to other files included), triggers (`/AA`), embedded files, forms and
 * media. A scan of an ID document or a proof of payment needs none of it. An encrypted PDF is refused
 * outright: its object streams cannot be read without the key, so what they hold cannot be checked,
 * even when the user password is empty and any viewer opens it.
 */
export async function inspectPdf(bytes: Buffer): Promise<PdfVerdict> {
  if (ENCRYPT_TOKEN.test(bytes.toString('latin1'))) return 'encrypted';
  lib ??= await import('@cantoo/pdf-lib');
  let document: PDFDocument;
  try {
    document = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
  } catch {
    return 'unreadable';
  }
  const { context } = document;
  // The trailer, or any cross-reference stream (pdf-lib merges theirs into `trailerInfo`).
  if (context.trailerInfo.Encrypt !== undefined || document.isEncrypted) return 'encrypted';
  const objects = context.enumerateIndirectObjects();
  if (objects.length > MAX_PDF_OBJECTS) return 'too-long';
  for (const [, object] of objects) {
    // An object pdf-lib could not parse may be an object stream whose contents were never seen.
    if (object instanceof lib.PDFInvalidObject) return 'unreadable';
    if (object instanceof lib.PDFRawStream && object.dict.get(lib.PDFName.of('Encrypt')) !== undefined)
      return 'encrypted';
    if (isActive(context, object, 0)) return 'active-content';
  }
  return 'clean';
}

function nameOf(object: PDFObject | undefined): string | undefined {
  return object instanceof lib.PDFName ? object.decodeText() : undefined;
}

function isActive(context: PDFContext, object: PDFObject | undefined, depth: number): boolean {
  // Indirect objects are each walked on their own; this bounds only nested direct objects.
  if (!object || depth > 64) return false;
  if (object instanceof lib.PDFRawStream) return isActive(context, object.dict, depth + 1);
  if (object instanceof lib.PDFArray) {
    for (let index = 0; index < object.size(); index += 1) {
      if (isActive(context, object.get(index), depth + 1)) return true;
    }
    return false;
  }
  if (!(object instanceof lib.PDFDict)) return false;
  if (nameOf(object.get(lib.PDFName.of('Type'))) === 'Action' && !isPlainGoTo(object, false)) return true;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && ACTIVE_ACTIONS.has(nameOf(value) ?? '')) return true;
    if (name === 'Subtype' && ACTIVE_SUBTYPES.has(nameOf(value) ?? '')) return true;
    if (name === 'Type' && nameOf(value) === 'EmbeddedFile') return true;
    if (ACTION_KEYS.has(name) && !isAllowedAction(context, name, value)) return true;
    if (isActive(context, value, depth + 1)) return true;
  }
  return false;
}

/**
 * What an action key may hold: the document's `/OpenAction` a destination (an array) or a plain
 * `GoTo` with nothing chained after it; a link's or an outline item's `/A` any `GoTo`; a `/Next`
 * only `GoTo`s. Anything else, or anything that is not an action, is refused.
 */
function isAllowedAction(context: PDFContext, key: string, value: PDFObject): boolean {
  const action = value instanceof lib.PDFRef ? context.lookup(value) : value;
  if (action === undefined) return true;
  if (action instanceof lib.PDFArray) {
    if (key === 'OpenAction') return true; // an explicit destination: page and view
    if (key !== 'Next') return false;
    for (let index = 0; index < action.size(); index += 1) {
      if (!isAllowedAction(context, key, action.get(index))) return false;
    }
    return true;
  }
  // A structure element's attributes (`/A`) are dictionaries without `/S`, and may be left be.
  if (key === 'A' && action instanceof lib.PDFDict && action.get(lib.PDFName.of('S')) === undefined) return true;
  return action instanceof lib.PDFDict && isPlainGoTo(action, key === 'OpenAction');
}

function isPlainGoTo(action: PDFDict, plain: boolean): boolean {
  if (nameOf(action.get(lib.PDFName.of('S'))) !== 'GoTo') return false;
  return !plain || action.get(lib.PDFName.of('Next')) === undefined;
}
