import {
  kinDisplayStatus,
  kycDisplayStatus,
  rejectableFieldLabels,
  rejectKinBody,
  rejectKycBody,
  reviewMessages,
  type RejectKinBody,
  type RejectKycBody,
} from '@letsema/domain';
import type { NextOfKinView } from '@letsema/domain';
import type { MemberForReview, ReviewTarget } from './api';

export interface ReviewTab {
  target: ReviewTarget;
  label: string;
  status: string;
}

/** Whether the registration is in the review queue: complete and waiting for a decision. */
export function isAwaitingReview(member: Pick<MemberForReview, 'registrationStatus' | 'submittedAt'>): boolean {
  return member.registrationStatus === 'pending_kyc' && Boolean(member.submittedAt);
}

export function findKin(member: MemberForReview, nokOrder: 1 | 2): NextOfKinView | undefined {
  return member.nextOfKin.find((kin) => kin.nokOrder === nokOrder);
}

/** The tabs of the review screen: the registration, then each next of kin that exists. */
export function getReviewTabs(member: MemberForReview): ReviewTab[] {
  const tabs: ReviewTab[] = [
    { target: 'kyc', label: 'KYC Verification', status: kycDisplayStatus(member.registrationStatus) },
  ];
  for (const nokOrder of [1, 2] as const) {
    const kin = findKin(member, nokOrder);
    if (kin)
      tabs.push({
        target: nokOrder,
        label: `Next of Kin #${nokOrder}`,
        status: kinDisplayStatus(kin.verificationStatus),
      });
  }
  return tabs;
}

/** The display status of one tab's subject (spec section 4). */
export function getTargetStatus(member: MemberForReview, target: ReviewTarget): string {
  if (target === 'kyc') return kycDisplayStatus(member.registrationStatus);
  return kinDisplayStatus(findKin(member, target)?.verificationStatus);
}

/**
 * Approve and Reject are offered while the tab's subject is pending and the registration is in the
 * queue; a returned registration waits for the member before anything more is decided.
 */
export function canDecide(member: MemberForReview, target: ReviewTarget): boolean {
  if (target !== 'kyc' && !findKin(member, target)) return false;
  return getTargetStatus(member, target) === 'pending' && isAwaitingReview(member);
}

/**
 * What a decision's failure was about: the tab and every subject's status. A failure is shown only
 * while this stays the same, so "approve both next of kin first" goes once they are approved, here or
 * by another admin.
 */
export function getDecisionState(member: MemberForReview, target: ReviewTarget): string {
  return [target, ...getReviewTabs(member).map((tab) => `${tab.target}:${tab.status}`)].join('|');
}

/** How a decision's subject is named in titles and messages: KYC, NOK #1, NOK #2. */
export function getTargetName(target: ReviewTarget): string {
  return target === 'kyc' ? 'KYC' : `NOK #${target}`;
}

export function getRejectTitle(target: ReviewTarget): string {
  return `Reject ${getTargetName(target)}`;
}

export function getApproveFailureMessage(target: ReviewTarget): string {
  return target === 'kyc' ? 'Failed to approve KYC' : `Failed to approve NOK #${target}`;
}

export const REJECT_FAILURE_MESSAGE = 'Failed to reject';

export function getDecisionSuccessMessage(target: ReviewTarget, action: 'approve' | 'reject'): string {
  return action === 'approve' ? `${getTargetName(target)} approved successfully!` : `${getTargetName(target)} rejected`;
}

export interface RejectOption {
  field: string;
  label: string;
}

/**
 * The items an admin may return. For the registration a document can be returned only if there is
 * one; a next of kin's four items are always offered.
 */
export function getRejectOptions(member: MemberForReview, target: ReviewTarget): RejectOption[] {
  const fields: string[] =
    target === 'kyc'
      ? [
          ...(member.profilePictureUrl ? ['profilePictureUrl'] : []),
          ...(member.idDocumentUrl ? ['idDocumentUrl'] : []),
          'personalInfo',
        ]
      : ['passportPhotoUrl', 'idDocumentUrl', 'proofOfAddressUrl', 'personalInfo'];
  return fields.map((field) => ({ field, label: rejectableFieldLabels[field] ?? field }));
}

export type RejectionCheck =
  { isValid: true; body: RejectKycBody | RejectKinBody } | { isValid: false; message: string };

/** Checks a rejection with the same schema the server uses. */
export function checkRejection(
  target: ReviewTarget,
  reason: string,
  rejectedFields: readonly string[],
): RejectionCheck {
  const schema = target === 'kyc' ? rejectKycBody : rejectKinBody;
  const parsed = schema.safeParse({ reason, rejectedFields });
  if (parsed.success) return { isValid: true, body: parsed.data };
  return { isValid: false, message: parsed.error.issues[0]?.message ?? reviewMessages.reasonAndField };
}

/** The file name (without extension) a document is saved under. */
export function getDownloadName(target: ReviewTarget, document: 'photo' | 'idDocument' | 'proofOfAddress'): string {
  if (target === 'kyc') return document === 'photo' ? 'profile-photo' : 'id-document';
  if (document === 'photo') return `nok${target}-photo`;
  return document === 'idDocument' ? `nok${target}-id` : `nok${target}-address`;
}
