import { MAX_UPLOAD_BYTES, rejectableFieldLabels, uploadMessages } from '@letsema/domain';

/** The nine provinces, offered in the profile form's province list. */
export { southAfricanProvinces } from '@letsema/domain';

/** One group of items an admin returned: the member's own registration, or one next of kin. */
export interface ReturnedGroup {
  /** "Your registration" or "Next of kin #n". */
  title: string;
  /** Labels of the returned items, such as "Personal Information" or "Next of kin #1: ID Document". */
  items: string[];
  reason: string | null;
}

interface ReturnedSource {
  rejectedFields?: readonly string[] | null;
  rejectionReason?: string | null;
}

interface ReturnedKin extends ReturnedSource {
  nokOrder: number;
  verificationStatus: string;
}

function labelField(field: string): string {
  return rejectableFieldLabels[field] ?? field;
}

/**
 * What the member still has to redo after an admin returned the registration, grouped by whose
 * items they are. Items already redone have left the lists on the server, so they drop out here.
 */
export function listReturnedGroups(user: ReturnedSource, kin: readonly ReturnedKin[]): ReturnedGroup[] {
  const groups: ReturnedGroup[] = [];
  const ownFields = user.rejectedFields ?? [];
  if (ownFields.length > 0) {
    groups.push({ title: 'Your registration', items: ownFields.map(labelField), reason: user.rejectionReason ?? null });
  }
  for (const k of [...kin].sort((a, b) => a.nokOrder - b.nokOrder)) {
    if (k.verificationStatus !== 'rejected') continue;
    const fields = k.rejectedFields ?? [];
    const title = `Next of kin #${k.nokOrder}`;
    groups.push({
      title,
      items: fields.length > 0 ? fields.map((field) => `${title}: ${labelField(field)}`) : [title],
      reason: k.rejectionReason ?? null,
    });
  }
  return groups;
}

/** The wizard's failure messages when the server gives no text, as the spec's catalogue words them. */
export const registrationFailures = {
  profile: 'Failed to save profile',
  photo: 'Failed to upload photo',
  idDocument: 'Failed to upload ID document',
  nextOfKin: 'Failed to add next of kin',
} as const;

/**
 * What a next of kin's document says when its upload fails and the server gives no text: the
 * catalogue's photo and ID document messages, and the step's own for the proof of address, which
 * the catalogue has no upload message of its own for.
 */
export const kinUploadFailures = {
  passportPhotoUrl: registrationFailures.photo,
  idDocumentUrl: registrationFailures.idDocument,
  proofOfAddressUrl: registrationFailures.nextOfKin,
} as const;

/** The message for a file that is refused before it is sent, or null when it may be uploaded. */
export function checkUploadSize(file: { size: number }): string | null {
  return file.size > MAX_UPLOAD_BYTES ? uploadMessages.tooLarge : null;
}

/** A file size for people: "850 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
