/** The six steps of the verification wizard (spec section 2). */
export const wizardSteps = [
  'Profile Details',
  'Upload Photo',
  'Upload ID Document',
  'First Next of Kin',
  'Second Next of Kin',
  'Admin Verification',
] as const;

export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;

export interface WizardUser {
  fullName: string | null;
  profilePictureUrl: string | null;
  idDocumentUrl: string | null;
  rejectedFields?: readonly string[] | null;
}

export interface WizardKin {
  nokOrder: number;
  verificationStatus: string;
  passportPhotoUrl: string | null;
  idDocumentUrl: string | null;
  proofOfAddressUrl: string | null;
}

/** Whether a kin record is complete and not returned by an admin. */
export function isKinComplete(kin: WizardKin | undefined): boolean {
  return (
    !!kin &&
    kin.verificationStatus !== 'rejected' &&
    !!kin.passportPhotoUrl &&
    !!kin.idDocumentUrl &&
    !!kin.proofOfAddressUrl
  );
}

/**
 * The step the wizard resumes at: the first one that still needs work. No name (or personal
 * information returned by an admin) is step 1, no photo 2, no ID document 3, then each next of kin
 * that is missing or returned; with everything in, the waiting step 6.
 */
export function resumeStep(user: WizardUser, kin: readonly WizardKin[]): WizardStep {
  if (!user.fullName || user.rejectedFields?.includes('personalInfo')) return 1;
  if (!user.profilePictureUrl) return 2;
  if (!user.idDocumentUrl) return 3;
  if (!isKinComplete(kin.find((k) => k.nokOrder === 1))) return 4;
  if (!isKinComplete(kin.find((k) => k.nokOrder === 2))) return 5;
  return 6;
}

/** The progress shown above the wizard, as a whole percentage. */
export function wizardProgress(step: WizardStep): number {
  return Math.round(((step - 1) / (wizardSteps.length - 1)) * 100);
}
