import { acceptAttribute, MAX_UPLOAD_BYTES, uploadMessages } from '@letsema/domain';

const proofTypes: readonly string[] = acceptAttribute.document.split(',');

/** Why a picked proof cannot be sent (wrong type, too large), or null when it can. */
export function checkProofFile(file: { type: string; size: number }): string | null {
  if (!proofTypes.includes(file.type)) return uploadMessages.documentType;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.unreadable;
  return null;
}

/** A file size for people: `850 B`, `12.4 KB`, `2.1 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
